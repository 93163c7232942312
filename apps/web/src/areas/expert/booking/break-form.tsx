import type { FormEvent } from 'react';
import { ZBreakInput, type BreakInput } from '@prsp/contracts';
import { FormAlert, FormField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { useFieldText } from '@/lib/field-text';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useAddBreak } from './expert-booking-api';
import { useTranslation } from '@/lib/i18n';

/** What a refused break says: 422 a reserved appointment in the way, 423 a time already gone, else the saving error. */
export function breakFailureKey(err: unknown): string {
  if (err instanceof ApiError && err.statusCode === 422) return 'expert.booking.breaks.overlaps';
  if (err instanceof ApiError && err.statusCode === 423) return 'expert.booking.breaks.past';
  if (err instanceof ApiError && err.fields?.length) return 'staff.checkFields';
  return 'staff.saveError';
}

/** Checks a break before sending it: both times given, in order (`endBeforeStart` is this form's own key). */
export function breakErrors(
  input: { date: string; startTime: string; endTime: string },
  /** The contract's errors of the break, when the form has checked it already. */
  contractErrors: FieldErrors = schemaErrors(ZBreakInput, input),
): FieldErrors {
  const errors = { ...contractErrors };
  if (!input.startTime) errors.startTime = 'required';
  if (!input.endTime) errors.endTime = 'required';
  if (!errors.startTime && !errors.endTime && input.endTime <= input.startTime) errors.endTime = 'endBeforeStart';
  return errors;
}

function TimeField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  return (
    <FormField label={label} error={error === 'endBeforeStart' ? t('expert.booking.breaks.endBeforeStart') : fieldText(error)}>
      {(control) => <input {...control} type="time" required value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** Adds a break to the day shown; the free slots under it go away, a reserved appointment under it refuses it. */
export function BreakForm({ date }: { date: string }) {
  const { t } = useTranslation();
  const add = useAddBreak();
  const form = useZodForm<{ startTime: string; endTime: string }, BreakInput>({
    schema: ZBreakInput,
    defaultValues: { startTime: '', endTime: '' },
    toBody: (times) => ({ date, ...times }),
    rules: (_times, input, found) => breakErrors(input, found),
  });

  const submit = (e: FormEvent) =>
    form.submit(e, (input) =>
      add.mutate(input, {
        onSuccess: () => {
          showToast(t('expert.booking.breaks.added'));
          form.form.reset({ startTime: '', endTime: '' });
        },
      }),
    );

  return (
    <section className="card" aria-labelledby="add-break">
      <h2 id="add-break">{t('expert.booking.breaks.addTitle')}</h2>
      <p className="hint">{t('expert.booking.breaks.hint')}</p>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form-grid">
          <TimeField label={t('expert.booking.breaks.start')} {...form.field('startTime')} />
          <TimeField label={t('expert.booking.breaks.end')} {...form.field('endTime')} />
        </div>
        <FormAlert message={add.error ? t(breakFailureKey(add.error)) : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={add.isPending}>
            {t('expert.booking.breaks.add')}
          </button>
        </div>
      </form>
    </section>
  );
}
