import './opening-hours.css';
import { useId } from 'react';
import { localDateAt, type OpeningHours } from '@prsp/contracts';
import { CheckboxField, FormField } from '@/components/ui/form-fields';
import { useFieldText } from '@/lib/field-text';
import type { FieldErrors } from '@/lib/validation';
import {
  addException,
  addRange,
  copyToWorkdays,
  rangesOf,
  removeException,
  removeRange,
  updateException,
  updateRange,
  WEEKDAYS,
} from './opening-hours-form';
import { useTranslation } from '@/lib/i18n';

type Props = { value: OpeningHours; onChange: (value: OpeningHours) => void; errors: FieldErrors; disabled: boolean };

/** A time or date input under its label, with its error (a message key) from the form's errors. */
function InputField({
  label,
  type,
  value,
  onChange,
  error,
}: {
  label: string;
  type: 'time' | 'date';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const fieldText = useFieldText();
  return (
    <FormField label={label} error={fieldText(error)} className="hours-input">
      {(control) => <input {...control} type={type} required value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** The closed switch: a checkbox a screen reader announces as on/off, because it acts at once on the whole queue. */
function ClosedSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="check hours-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        {t('admin.service.hours.closed')}
        <span id={`${id}-hint`} className="hint block">
          {t('admin.service.hours.closedHint')}
        </span>
      </label>
    </div>
  );
}

/**
 * The opening hours of the service's queue (issue 9): always open, or per weekday (several ranges a day for a lunch
 * break) with dated exceptions; and a switch that closes the queue now, whatever the hours say. The hours belong to
 * the queue, so every service on the same queue shares them: the hint says so.
 */
export function OpeningHoursFieldset({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const path = (...parts: (string | number)[]) => ['openingHours', ...parts].join('.');
  return (
    <fieldset disabled={disabled} className="form opening-hours">
      <legend>{t('admin.service.hours.legend')}</legend>
      <p className="hint">{t('admin.service.hours.hint')}</p>
      <ClosedSwitch checked={value.closed} onChange={(closed) => onChange({ ...value, closed })} />
      <CheckboxField
        label={t('admin.service.hours.alwaysOpen')}
        hint={t('admin.service.hours.alwaysOpenHint')}
        checked={value.alwaysOpen}
        onChange={(alwaysOpen) => onChange({ ...value, alwaysOpen })}
      />
      {!value.alwaysOpen && (
        <>
          <div className="hours-week">
            {WEEKDAYS.map((weekday) => {
              const day = t(`admin.bookings.weekday.${weekday}`);
              const ranges = rangesOf(value, weekday);
              return (
                <fieldset key={weekday} className="hours-day">
                  <legend>{day}</legend>
                  {ranges.length === 0 && <p className="hours-none">{t('admin.service.hours.dayClosed')}</p>}
                  {ranges.map(({ index, range }) => (
                    <div key={index} className="hours-row">
                      <InputField
                        label={t('admin.service.hours.opens')}
                        type="time"
                        value={range.opens}
                        onChange={(opens) => onChange(updateRange(value, index, { opens }))}
                        error={errors[path('weekly', index, 'opens')]}
                      />
                      <InputField
                        label={t('admin.service.hours.closes')}
                        type="time"
                        value={range.closes}
                        onChange={(closes) => onChange(updateRange(value, index, { closes }))}
                        error={errors[path('weekly', index, 'closes')]}
                      />
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('admin.service.hours.removeRange', { day, opens: range.opens, closes: range.closes })}
                        onClick={() => onChange(removeRange(value, index))}
                      >
                        {t('admin.service.hours.remove')}
                      </button>
                    </div>
                  ))}
                  <div className="hours-day-actions">
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={t('admin.service.hours.addRangeOf', { day })}
                      onClick={() => onChange(addRange(value, weekday))}
                    >
                      {t('admin.service.hours.addRange')}
                    </button>
                    {weekday <= 5 && ranges.length > 0 && (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('admin.service.hours.copyOf', { day })}
                        onClick={() => onChange(copyToWorkdays(value, weekday))}
                      >
                        {t('admin.service.hours.copy')}
                      </button>
                    )}
                  </div>
                </fieldset>
              );
            })}
          </div>
          {errors[path('weekly')] && <p className="group-error">{fieldText(errors[path('weekly')])}</p>}
          <fieldset className="hours-exceptions">
            <legend>{t('admin.service.hours.exceptions')}</legend>
            <p className="hint">{t('admin.service.hours.exceptionsHint')}</p>
            {value.exceptions.map((exception, index) => (
              <div key={index} className="hours-row hours-exception">
                <InputField
                  label={t('admin.service.hours.date')}
                  type="date"
                  value={exception.date}
                  onChange={(date) => onChange(updateException(value, index, { date }))}
                  error={errors[path('exceptions', index, 'date')]}
                />
                <CheckboxField
                  label={t('admin.service.hours.closedAllDay')}
                  checked={exception.closed}
                  onChange={(closed) => onChange(updateException(value, index, { closed }))}
                />
                {!exception.closed && (
                  <>
                    <InputField
                      label={t('admin.service.hours.opens')}
                      type="time"
                      value={exception.opens ?? ''}
                      onChange={(opens) => onChange(updateException(value, index, { opens }))}
                      error={errors[path('exceptions', index, 'opens')]}
                    />
                    <InputField
                      label={t('admin.service.hours.closes')}
                      type="time"
                      value={exception.closes ?? ''}
                      onChange={(closes) => onChange(updateException(value, index, { closes }))}
                      error={errors[path('exceptions', index, 'closes')]}
                    />
                  </>
                )}
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={t('admin.service.hours.removeException', { date: exception.date })}
                  onClick={() => onChange(removeException(value, index))}
                >
                  {t('admin.service.hours.remove')}
                </button>
              </div>
            ))}
            {errors[path('exceptions')] && <p className="group-error">{fieldText(errors[path('exceptions')])}</p>}
            <div>
              <button
                type="button"
                className="button secondary small"
                onClick={() => onChange(addException(value, localDateAt(new Date())))}
              >
                {t('admin.service.hours.addException')}
              </button>
            </div>
          </fieldset>
        </>
      )}
    </fieldset>
  );
}
