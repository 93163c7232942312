import { useState, type FormEvent } from 'react';
import { localDateAt, localDateTimeAt, ZTimeslotInput, type AppointmentRow, type TimeslotInput } from '@prsp/contracts';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { saveFailureKey } from '@/lib/form-errors';
import { useZodForm } from '@/features/staff/use-zod-form';
import { BookingInput, BookingSelect } from './booking-fields';
import { useBookableExperts, useUpdateTimeslot } from './bookings-api';
import { useTranslation } from '@/lib/i18n';

type SlotForm = { expertId: string; date: string; startTime: string; durationMinutes: string };

/** Moves one open timeslot: another expert, day, start or length (422 when it would overlap, 423 in the past). */
export function TimeslotModal({ row, onClose }: { row: AppointmentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const experts = useBookableExperts();
  const update = useUpdateTimeslot();
  const [today] = useState(() => localDateAt(new Date()));
  const [initial] = useState<SlotForm>(() => {
    const { date, time } = localDateTimeAt(row.startTime);
    return { expertId: row.expert.id, date, startTime: time, durationMinutes: String(row.duration) };
  });
  const slotForm = useZodForm<SlotForm, TimeslotInput>({
    schema: ZTimeslotInput,
    defaultValues: initial,
    toBody: (form) => ({ ...form, durationMinutes: form.durationMinutes.trim() ? Number(form.durationMinutes) : Number.NaN }),
    rules: (form, _body, found) => (!found.date && form.date < today ? { ...found, date: 'pastDate' } : found),
  });
  const { field } = slotForm;

  const submit = (e: FormEvent) =>
    slotForm.submit(e, (body) =>
      update.mutate(
        { id: row.id, body },
        {
          onSuccess: () => {
            showToast(t('admin.bookings.toast.slotEdited'));
            onClose();
          },
          onError: slotForm.showServerErrors,
        },
      ),
    );

  const failureKey = saveFailureKey(update.error);
  return (
    <FormModal
      title={t('admin.bookings.slot.editTitle')}
      dirty={slotForm.dirty && !update.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t('staff.save')}
      busy={update.isPending}
    >
      <div className="form-grid">
        <BookingSelect
          label={t('admin.bookings.expert')}
          {...field('expertId')}
          options={(experts.data ?? [{ id: row.expert.id, name: row.expert.name }]).map((x) => ({ value: x.id, label: x.name }))}
          required
        />
        <BookingInput type="date" label={t('admin.bookings.date')} min={today} {...field('date')} required />
        <BookingInput type="time" label={t('admin.bookings.startTime')} {...field('startTime')} required />
        <BookingInput
          type="number"
          label={t('admin.bookings.duration')}
          min="5"
          step="5"
          inputMode="numeric"
          {...field('durationMinutes')}
          required
        />
      </div>
    </FormModal>
  );
}
