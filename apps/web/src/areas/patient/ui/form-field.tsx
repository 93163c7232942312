import type { ReactNode } from 'react';

export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * A labelled control with its hint and error text under it; the control is described by both, and marked
 * invalid while an error shows, so a screen reader reads the message with the field.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  describedBy: extra,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The id of a note shared by several fields, shown elsewhere on the form. */
  describedBy?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [extra ?? '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
