import { useId, type ReactNode, type Ref } from 'react';
import { useFieldText } from '@/lib/field-text';

export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * A labelled control with its hint above and its error under it, for every form of every area: the control is
 * described by both and marked invalid while an error shows, so a screen reader reads the message with the field.
 * `error` is the text to show; the typed fields below turn a message key into it.
 */
export function FormField({
  id: givenId,
  label,
  hint,
  error,
  describedBy: extra,
  className,
  children,
}: {
  /** The control's id; a generated one when the form does not need to know it. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The id of a note shared by several fields, shown elsewhere on the form. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [extra, hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field whose `error` is a message key (client rule or server field error), shown in the user's language. */
function FieldFrame({
  error,
  ...props
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const fieldText = useFieldText();
  return <FormField {...props} error={fieldText(error)} />;
}

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'date' | 'search' | 'color';
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  name?: string;
  className?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'url';
  min?: string;
  onBlur?: () => void;
};

export function TextField({ label, value, onChange, error, hint, type = 'text', className, onBlur, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(described) => (
        <input {...described} {...rest} type={type} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
  required,
  className,
  textareaRef,
}: Pick<TextFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'hint' | 'required' | 'className'> & {
  rows?: number;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(described) => (
        <textarea
          {...described}
          ref={textareaRef}
          rows={rows}
          required={required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  hint,
  required,
  placeholder,
  disabled,
}: Pick<TextFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'hint' | 'required' | 'disabled'> & {
  options: Option[];
  placeholder?: string;
}) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(described) => (
        <select {...described} required={required} disabled={disabled} value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {hint && (
          <span id={`${id}-hint`} className="hint block">
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

/** An error not tied to one field (e.g. 'Saving error'), announced at once. */
export function FormAlert({ message, focus }: { message: string | undefined; focus?: boolean }) {
  if (!message) return null;
  // `focus`: the alert takes focus as it shows (a form in a modal: the failure at its top would otherwise be out of
  // view, with focus left on the submit button or on <body>).
  return (
    <p className="alert" role="alert" tabIndex={focus ? -1 : undefined} ref={focus ? focusOnShow : undefined}>
      {message}
    </p>
  );
}

const focusOnShow = (element: HTMLElement | null) => element?.focus();
