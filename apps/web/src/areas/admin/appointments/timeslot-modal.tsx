import { useState, type FormEvent } from 'react';
import { ZTimeslotInput, type AppointmentRow, type TimeslotInput } from '@prsp/contracts';
import { FormModal } from '../../../components/ui/form-modal';
import { showToast } from '../../../components/ui/toasts';
import { saveFailureKey, schemaErrors, serverFieldErrors } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/validation';
import { BookingInput, BookingSelect } from './booking-fields';
import { localDateTime, localToday } from './booking-time';
import { useBookableExperts, useUpdateTimeslot } from './bookings-api';
import { useTranslation } from '../../../lib/i18n';

type SlotForm = { expertId: string; date: string; startTime: string; durationMinutes: string };

/** Moves one open timeslot: another expert, day, start or length (422 when it would overlap, 423 in the past). */
export function TimeslotModal({ row, onClose }: { row: AppointmentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const experts = useBookableExperts();
  const update = useUpdateTimeslot();
  const [today] = useState(() => localToday(new Date()));
  const [initial] = useState<SlotForm>(() => {
    const { date, time } = localDateTime(row.startTime);
    return { expertId: row.expert.id, date, startTime: time, durationMinutes: String(row.duration) };
  });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: TimeslotInput = { ...form, durationMinutes: form.durationMinutes.trim() ? Number(form.durationMinutes) : Number.NaN };
    const found = schemaErrors(ZTimeslotInput, body);
    if (!found.date && form.date < today) found.date = 'pastDate';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { id: row.id, body },
      {
        onSuccess: () => {
          showToast(t('admin.bookings.toast.slotEdited'));
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  const failureKey = saveFailureKey(update.error);
  return (
    <FormModal
      title={t('admin.bookings.slot.editTitle')}
      dirty={JSON.stringify(form) !== JSON.stringify(initial) && !update.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t('staff.save')}
      busy={update.isPending}
    >
      <div className="form-grid">
        <BookingSelect
          label={t('admin.bookings.expert')}
          value={form.expertId}
          onChange={(v) => set('expertId', v)}
          options={(experts.data ?? [{ id: row.expert.id, name: row.expert.name }]).map((x) => ({ value: x.id, label: x.name }))}
          error={errors.expertId}
          required
        />
        <BookingInput
          type="date"
          label={t('admin.bookings.date')}
          value={form.date}
          min={today}
          onChange={(v) => set('date', v)}
          error={errors.date}
          required
        />
        <BookingInput
          type="time"
          label={t('admin.bookings.startTime')}
          value={form.startTime}
          onChange={(v) => set('startTime', v)}
          error={errors.startTime}
          required
        />
        <BookingInput
          type="number"
          label={t('admin.bookings.duration')}
          value={form.durationMinutes}
          min="5"
          step="5"
          inputMode="numeric"
          onChange={(v) => set('durationMinutes', v)}
          error={errors.durationMinutes}
          required
        />
      </div>
    </FormModal>
  );
}
