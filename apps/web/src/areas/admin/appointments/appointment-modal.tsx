import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  localDateAt,
  localDateTimeAt,
  ZAppointmentInput,
  type AppointmentDetail,
  type AppointmentInput,
  type AppointmentKind,
  type BookableExpert,
  type Timeslot,
} from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckboxField, FormAlert } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { saveFailureKey } from '@/lib/form-errors';
import { useZodForm } from '@/features/staff/use-zod-form';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { appointmentErrors, bodyOf, initialForm, timesOfSlot, type AppointmentForm, type TimeSource } from './appointment-form-model';
import { BookingInput, BookingSelect, RadioChoice, useBookingErrorText } from './booking-fields';
import { formatTimeRange } from '@/lib/format';
import { clock } from './booking-format';
import { useAppointment, useBookableExperts, useOpenTimeslots, useSaveAppointment, useServiceOptions } from './bookings-api';
import { SurveyAttachmentsField } from '../surveys/survey-attachments-field';
import { ParticipantsEditor } from './participants-editor';
import { PatientFields } from './patient-fields';

/** What the modal is opened for: a new appointment, booking one open timeslot, or editing an appointment. */
export type AppointmentTarget = { mode: 'new' } | { mode: 'book'; slot: Timeslot } | { mode: 'edit'; id: string };

/** `AppointmentModal` loads the appointment it edits first; the form starts from what is stored. */
export function AppointmentModal({ target, onClose }: { target: AppointmentTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAppointment(target.mode === 'edit' ? target.id : undefined);
  if (target.mode === 'edit' && !detail.data) {
    return (
      <ModalDialog open wide closeLabel={t('ui.close')} title={t('admin.bookings.form.editTitle')} onClose={onClose}>
        {detail.isError ? <FormAlert message={t('staff.loadError')} /> : <Loading />}
      </ModalDialog>
    );
  }
  return <AppointmentFormModal target={target} detail={detail.data} onClose={onClose} />;
}

function AppointmentFormModal({
  target,
  detail,
  onClose,
}: {
  target: AppointmentTarget;
  detail: AppointmentDetail | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveAppointment();
  const experts = useBookableExperts();
  const services = useServiceOptions();
  const [today] = useState(() => localDateAt(new Date()));
  const [initial] = useState<AppointmentForm>(() => initialForm({ detail, slot: target.mode === 'book' ? target.slot : undefined, today }));
  const editing = target.mode === 'edit';
  const expertList = experts.data ?? [];
  // The contract checks the body; the form's own rules (appointment-form-model.ts) add a date not in the past, a
  // picked timeslot, a proper identity code and no duplicates.
  const appointment = useZodForm<AppointmentForm, AppointmentInput>({
    schema: ZAppointmentInput,
    defaultValues: initial,
    toBody: bodyOf,
    rules: (form, _body, found) => appointmentErrors(form, localDateTimeAt(Date.now()), { editing }, found),
  });
  const { values: form, errors } = appointment;

  const patch = (next: Partial<AppointmentForm>) => {
    for (const [key, value] of Object.entries(next)) appointment.set(key as keyof AppointmentForm, value as never);
  };

  // Open times of the expert where the booking goes: the server named them (422), the admin is asked to replace them.
  const [inTheWay, setInTheWay] = useState<{ body: AppointmentInput; openTimes: OpenTimes } | undefined>();

  const send = (body: AppointmentInput) =>
    save.mutate(
      { id: editing ? detail?.id : undefined, body },
      {
        onSuccess: () => {
          showToast(
            t(
              editing
                ? 'admin.bookings.toast.edited'
                : form.source === 'timeslot'
                  ? 'admin.bookings.toast.booked'
                  : 'admin.bookings.toast.created',
            ),
          );
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.openTimes?.length && !body.replaceOpenTimes) {
            setInTheWay({ body, openTimes: err.openTimes });
            return;
          }
          appointment.showServerErrors(err);
          // Taken meanwhile: show the day's open timeslots as they are now.
          if (err instanceof ApiError && err.statusCode === 422)
            void queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', 'timeslots'] });
        },
      },
    );

  const submit = (e: FormEvent) =>
    appointment.submit(e, (body) => {
      // Surveys left as they were are not sent: an edit by someone who cannot see the survey list keeps them.
      const surveysChanged = JSON.stringify(form.surveys) !== JSON.stringify(initial.surveys);
      send({ ...body, surveys: surveysChanged ? form.surveys : undefined });
    });

  // The question stands in for the failure: the 422 that asks it is no error to show.
  const failureKey = inTheWay ? undefined : saveFailureKey(save.error);
  const title = editing
    ? 'admin.bookings.form.editTitle'
    : target.mode === 'book'
      ? 'admin.bookings.form.bookTitle'
      : 'admin.bookings.form.newTitle';
  const submitLabel = editing ? 'staff.save' : form.source === 'timeslot' ? 'admin.bookings.form.book' : 'admin.bookings.form.create';

  return (
    <FormModal
      title={t(title)}
      dirty={appointment.dirty && !save.isSuccess}
      onClose={onClose}
      onSubmit={submit}
      failure={failureKey ? t(failureKey) : undefined}
      submitLabel={t(submitLabel)}
      busy={save.isPending}
    >
      {inTheWay && (
        <ReplaceOpenTimesDialog
          openTimes={inTheWay.openTimes}
          busy={save.isPending}
          onConfirm={() => {
            send({ ...inTheWay.body, replaceOpenTimes: true });
            setInTheWay(undefined);
          }}
          onCancel={() => setInTheWay(undefined)}
        />
      )}
      <RadioChoice<AppointmentKind>
        name="appointment-kind"
        legend={t('admin.bookings.form.kind')}
        value={form.kind}
        options={[
          { value: 'oneOnOne', label: t('admin.bookings.kind.oneOnOne') },
          { value: 'group', label: t('admin.bookings.kind.group') },
        ]}
        onChange={(kind) => patch({ kind })}
      />
      <RadioChoice<TimeSource>
        name="time-source"
        legend={t('admin.bookings.form.timeSource')}
        value={form.source}
        options={[
          { value: 'timeslot', label: t('admin.bookings.form.fromTimeslots') },
          { value: 'free', label: t('admin.bookings.form.freeTime') },
        ]}
        onChange={(source) => patch({ source, ...(source === 'free' ? { timeslotId: '' } : {}) })}
      />
      <TimeFields
        form={form}
        patch={patch}
        errors={errors}
        experts={expertList}
        today={today}
        editing={editing}
        fixedSlot={target.mode === 'book' ? target.slot : undefined}
      />
      {services.available && (
        <BookingSelect
          label={t('admin.bookings.service')}
          value={form.serviceId}
          placeholder={t('admin.bookings.noService')}
          onChange={(serviceId) => patch({ serviceId })}
          options={services.services.map((s) => ({ value: s.id, label: s.name[currentLanguage()] }))}
          error={errors.serviceId}
        />
      )}
      {form.kind === 'oneOnOne' ? (
        <fieldset>
          <legend>{t('admin.bookings.patient.legend')}</legend>
          <PatientFields value={form.patient} path="patient" errors={errors} onChange={(patient) => patch({ patient })} />
        </fieldset>
      ) : (
        <ParticipantsEditor value={form} onChange={patch} errors={errors} experts={expertList} />
      )}
      <SurveyAttachmentsField value={form.surveys} onChange={(surveys) => patch({ surveys })} errors={errors} />
      <CheckboxField
        label={t('admin.bookings.form.video')}
        hint={t('admin.bookings.form.videoHint')}
        checked={form.video}
        onChange={(video) => patch({ video })}
      />
      <CheckboxField
        label={t('admin.bookings.form.sendConfirmation')}
        hint={t('admin.bookings.form.sendConfirmationHint')}
        checked={form.sendConfirmation}
        onChange={(sendConfirmation) => patch({ sendConfirmation })}
      />
    </FormModal>
  );
}

type OpenTimes = NonNullable<ApiError['openTimes']>;

/** Asks before a booking at another time removes the expert's open times under it (the server listed them). */
export function ReplaceOpenTimesDialog({
  openTimes,
  busy,
  onConfirm,
  onCancel,
}: {
  openTimes: OpenTimes;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <ConfirmDialog
      open
      title={t('admin.bookings.replace.title')}
      text={
        <>
          <p>{t('admin.bookings.replace.text')}</p>
          <ul>
            {openTimes.map((o) => (
              <li key={o.id}>{formatTimeRange(o.startTime, o.endTime, lang)}</li>
            ))}
          </ul>
          <p>{t('admin.bookings.replace.question')}</p>
        </>
      }
      confirmLabel={t('admin.bookings.replace.confirm')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** The date, then either the day's open timeslots to pick from or an expert, a start time and a length. */
function TimeFields({
  form,
  patch,
  errors,
  experts,
  today,
  editing,
  fixedSlot,
}: {
  form: AppointmentForm;
  patch: (next: Partial<AppointmentForm>) => void;
  errors: FieldErrors;
  experts: readonly BookableExpert[];
  today: string;
  editing: boolean;
  fixedSlot?: Timeslot;
}) {
  const { t } = useTranslation();
  const errorText = useBookingErrorText();
  const lang = currentLanguage();
  const bySlots = form.source === 'timeslot';
  const slots = useOpenTimeslots(form.date, form.slotExpertId, bySlots && /^\d{4}-\d{2}-\d{2}$/.test(form.date));
  // The slot the list's 'book' opened with stays offered even while a patient holds it (the server decides).
  const offered = [...(slots.data ?? [])];
  if (fixedSlot && fixedSlot.id && !offered.some((s) => s.id === fixedSlot.id) && localDateTimeAt(fixedSlot.startTime).date === form.date) {
    if (!form.slotExpertId || form.slotExpertId === fixedSlot.expertId) offered.unshift(fixedSlot);
  }
  const expertOptions = experts.map((e) => ({ value: e.id, label: e.name }));
  const slotError = errorText(errors.timeslotId);
  return (
    <>
      <div className="form-grid">
        <BookingInput
          type="date"
          label={t('admin.bookings.date')}
          value={form.date}
          min={editing ? undefined : today}
          onChange={(date) => patch({ date, ...(bySlots ? { timeslotId: '' } : {}) })}
          error={errors.date}
          required
        />
        {bySlots ? (
          <BookingSelect
            label={t('admin.bookings.expert')}
            value={form.slotExpertId}
            placeholder={t('admin.bookings.anyExpert')}
            onChange={(slotExpertId) => patch({ slotExpertId, timeslotId: '' })}
            options={expertOptions}
          />
        ) : (
          <BookingSelect
            label={t('admin.bookings.expert')}
            value={form.expertId}
            placeholder={t('admin.bookings.chooseExpert')}
            onChange={(expertId) => patch({ expertId })}
            options={expertOptions}
            error={errors.expertId}
            required
          />
        )}
        {!bySlots && (
          <BookingInput
            type="time"
            label={t('admin.bookings.startTime')}
            value={form.startTime}
            onChange={(startTime) => patch({ startTime })}
            error={errors.startTime}
            required
          />
        )}
        {!bySlots && (
          <BookingInput
            type="number"
            label={t('admin.bookings.duration')}
            value={form.durationMinutes}
            min="5"
            step="5"
            inputMode="numeric"
            onChange={(durationMinutes) => patch({ durationMinutes })}
            error={errors.durationMinutes}
            required
          />
        )}
      </div>
      {bySlots && (
        <fieldset aria-describedby={slotError ? 'timeslot-error' : undefined}>
          <legend>{t('admin.bookings.form.openTimeslots')}</legend>
          {slots.isPending && slots.fetchStatus !== 'idle' && <Loading />}
          {slots.isError && <FormAlert message={t('staff.loadError')} />}
          {slots.isSuccess && offered.length === 0 && <p className="hint">{t('admin.bookings.form.noTimeslots')}</p>}
          {offered.length > 0 && (
            <div className="slot-choices">
              {offered.map((slot) => (
                <label key={slot.id} className="check">
                  <input
                    type="radio"
                    name="timeslot"
                    value={slot.id ?? ''}
                    checked={form.timeslotId === slot.id}
                    aria-invalid={slotError ? true : undefined}
                    onChange={() => patch({ ...timesOfSlot(slot), date: form.date })}
                  />
                  <span>
                    {`${clock(slot.startTime, lang)}–${clock(slot.endTime, lang)} ${slot.expertName}`}{' '}
                    {`(${t(`admin.bookings.meetingKind.${slot.video ? 'video' : 'chat'}`)})`}
                  </span>
                </label>
              ))}
            </div>
          )}
          {slotError && (
            <p id="timeslot-error" className="group-error">
              {slotError}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
