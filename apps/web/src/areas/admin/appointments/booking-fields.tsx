import type { ReactNode } from 'react';
import { FormField, type Option } from '@/components/ui/form-fields';
import { useFieldText } from '@/lib/field-text';
import { useTranslation } from '@/lib/i18n';

/**
 * Field error text for the booking forms: the booking rules' own messages (`admin.bookings.errors.*`: duplicates,
 * no timeslot picked, a break outside the day …) first, then the shared field catalogue the server's keys come from.
 */
export function useBookingErrorText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const fieldText = useFieldText();
  return (key) => {
    if (!key) return undefined;
    const bare = key.replace(/^fields\./, '');
    return i18n.exists(`admin.bookings.errors.${bare}`) ? t(`admin.bookings.errors.${bare}`) : fieldText(key);
  };
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode; required?: boolean; className?: string };

export function BookingInput({
  type = 'text',
  value,
  onChange,
  error,
  label,
  hint,
  required,
  className,
  ...rest
}: Common & {
  type?: 'text' | 'email' | 'date' | 'time' | 'number' | 'search';
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  step?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  onBlur?: () => void;
}) {
  const errorText = useBookingErrorText();
  return (
    <FormField label={label} hint={hint} error={errorText(error)} className={className}>
      {(described) => (
        <input {...described} {...rest} type={type} required={required} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );
}

export function BookingSelect({
  value,
  onChange,
  options,
  placeholder,
  error,
  label,
  hint,
  required,
  className,
}: Common & { value: string; onChange: (value: string) => void; options: Option[]; placeholder?: string }) {
  const errorText = useBookingErrorText();
  return (
    <FormField label={label} hint={hint} error={errorText(error)} className={className}>
      {(described) => (
        <select {...described} required={required} value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Several choices under one legend (experts, weekdays), with the group's error under it. */
export function CheckboxGroup({
  id,
  legend,
  options,
  selected,
  onChange,
  error,
  className,
}: {
  id: string;
  legend: string;
  options: Option[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string;
  className?: string;
}) {
  const errorText = useBookingErrorText();
  const text = errorText(error);
  return (
    <fieldset className={className} aria-describedby={text ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="check-columns">
        {options.map((o) => (
          <label key={o.value} className="check">
            <input
              type="checkbox"
              checked={selected.includes(o.value)}
              aria-invalid={text ? true : undefined}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {text && (
        <p id={`${id}-error`} className="group-error">
          {text}
        </p>
      )}
    </fieldset>
  );
}

/** One of a few choices under a legend (the kind of an appointment or of open times). */
export function RadioChoice<V extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  hint,
}: {
  name: string;
  legend: string;
  /** '' while nothing is chosen yet. */
  value: V | '';
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  hint?: string;
}) {
  return (
    <fieldset aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${name}-hint`} className="hint">
          {hint}
        </p>
      )}
      <div className="check-columns">
        {options.map((o) => (
          <label key={o.value} className="check">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
