import { useState, type FormEvent } from 'react';
import { localDateAt, ZTimeslotPlan, type TimeslotPlan, type TimeslotPreview } from '@prsp/contracts';
import { FormAlert } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { showToast } from '@/components/ui/toasts';
import { useDiscardGuard } from '@/components/ui/unsaved-changes';
import { saveFailureKey } from '@/lib/form-errors';
import { useZodForm } from '@/features/staff/use-zod-form';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { BookingInput, BookingSelect, CheckboxGroup, RadioChoice } from './booking-fields';
import { useBookableExperts, useOpenPlan, usePreviewPlan, useServiceOptions } from './bookings-api';
import { TimeslotPreviewGrid } from './timeslot-preview-grid';
import { initialPlan, planErrors, planOf, plannedDays, WEEKDAYS, withService, type PlanForm } from './timeslot-plan-model';

/**
 * Spec §4: open timeslots are generated as a preview that must be confirmed before patients can reserve them.
 * Step one is the plan (service and the kind of its open times, experts, days, daily hours, slot length, breaks); step
 * two the preview to confirm.
 */
export function GenerateTimeslotsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [today] = useState(() => localDateAt(new Date()));
  const planForm = useZodForm<PlanForm, TimeslotPlan>({
    schema: ZTimeslotPlan,
    defaultValues: initialPlan(today),
    toBody: planOf,
    rules: (form, _plan, found) => planErrors(form, today, found),
  });
  const { values: form, errors } = planForm;
  const [preview, setPreview] = useState<{ plan: TimeslotPlan; result: TimeslotPreview } | undefined>();
  const previewing = usePreviewPlan();
  const opening = useOpenPlan();
  const discard = useDiscardGuard(planForm.dirty && !opening.isSuccess, onClose);

  const set = (next: Partial<PlanForm>) => {
    for (const [key, value] of Object.entries(next)) planForm.set(key as keyof PlanForm, value as never);
  };

  const askPreview = (e: FormEvent) =>
    planForm.submit(e, (plan) =>
      previewing.mutate(plan, {
        onSuccess: (result) => setPreview({ plan, result }),
        onError: planForm.showServerErrors,
      }),
    );

  const confirm = () => {
    if (!preview) return;
    opening.mutate(preview.plan, {
      onSuccess: (result) => {
        showToast(t('admin.bookings.toast.slotsCreated', { count: result.created }));
        onClose();
      },
    });
  };

  const failureKey = saveFailureKey(preview ? opening.error : previewing.error);
  return (
    <ModalDialog open wide closeLabel={t('ui.close')} title={t('admin.bookings.generate.title')} onClose={discard.requestClose}>
      {discard.element}
      {preview ? (
        <PreviewStep
          preview={preview.result}
          video={preview.result.slots[0]?.video ?? preview.plan.kind === 'video'}
          failure={failureKey ? t(failureKey) : undefined}
          busy={opening.isPending}
          onConfirm={confirm}
          onBack={() => {
            opening.reset();
            setPreview(undefined);
          }}
        />
      ) : (
        <form className="form" noValidate onSubmit={askPreview}>
          <FormAlert message={failureKey ? t(failureKey) : undefined} />
          <PlanFields form={form} set={set} errors={errors} today={today} />
          <div className="actions">
            <button type="submit" className="button" disabled={previewing.isPending}>
              {t('admin.bookings.generate.preview')}
            </button>
            <button type="button" className="button secondary" onClick={discard.requestClose}>
              {t('ui.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

function PlanFields({
  form,
  set,
  errors,
  today,
}: {
  form: PlanForm;
  set: (next: Partial<PlanForm>) => void;
  errors: FieldErrors;
  today: string;
}) {
  const { t } = useTranslation();
  const experts = useBookableExperts();
  const services = useServiceOptions();
  const lang = currentLanguage();
  const days = plannedDays(form);
  return (
    <>
      <div className="form-grid">
        <BookingSelect
          label={t('admin.bookings.service')}
          value={form.serviceId}
          placeholder={t('admin.bookings.generate.chooseService')}
          onChange={(serviceId) => set(withService(form, serviceId, services.services))}
          options={services.services.map((s) => ({ value: s.id, label: s.name[lang] }))}
          error={errors.serviceId}
          required
        />
      </div>
      {services.isError && <FormAlert message={t('staff.loadError')} />}
      <RadioChoice
        name="plan-kind"
        legend={t('admin.bookings.generate.kind')}
        hint={t('admin.bookings.generate.kindHint')}
        value={form.kind}
        options={[
          { value: 'chat', label: t('admin.bookings.meetingKind.chat') },
          { value: 'video', label: t('admin.bookings.meetingKind.video') },
        ]}
        onChange={(kind) => set({ kind })}
      />
      <CheckboxGroup
        id="plan-experts"
        legend={t('admin.bookings.generate.experts')}
        options={(experts.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
        selected={form.expertIds}
        onChange={(expertIds) => set({ expertIds })}
        error={errors.expertIds}
      />
      {experts.isError && <FormAlert message={t('staff.loadError')} />}
      <div className="form-grid">
        <BookingInput
          type="date"
          label={t('admin.bookings.generate.from')}
          value={form.from}
          min={today}
          onChange={(from) => set({ from })}
          error={errors.from}
          required
        />
        <BookingInput
          type="date"
          label={t('admin.bookings.generate.to')}
          value={form.to}
          min={form.from || today}
          onChange={(to) => set({ to })}
          error={errors.to}
          required
        />
      </div>
      <CheckboxGroup
        id="plan-weekdays"
        legend={t('admin.bookings.generate.weekdays')}
        options={WEEKDAYS.map((d) => ({ value: String(d), label: t(`admin.bookings.weekday.${d}`) }))}
        selected={form.weekdays.map(String)}
        onChange={(selected) => set({ weekdays: selected.map(Number).sort((a, b) => a - b) })}
        error={errors.weekdays}
      />
      <p className="hint" aria-live="polite">
        {t('admin.bookings.generate.days', { count: days })}
      </p>
      <div className="form-grid">
        <BookingInput
          type="time"
          label={t('admin.bookings.generate.dayStart')}
          value={form.dayStart}
          onChange={(dayStart) => set({ dayStart })}
          error={errors.dayStart}
          required
        />
        <BookingInput
          type="time"
          label={t('admin.bookings.generate.dayEnd')}
          value={form.dayEnd}
          onChange={(dayEnd) => set({ dayEnd })}
          error={errors.dayEnd}
          required
        />
        <BookingInput
          type="number"
          label={t('admin.bookings.generate.slotMinutes')}
          value={form.slotMinutes}
          min="5"
          step="5"
          inputMode="numeric"
          onChange={(slotMinutes) => set({ slotMinutes })}
          error={errors.slotMinutes}
          required
        />
      </div>
      <fieldset className="repeat-group">
        <legend>{t('admin.bookings.generate.breaks')}</legend>
        {form.breaks.length === 0 && <p className="hint">{t('admin.bookings.generate.noBreaks')}</p>}
        {form.breaks.map((b, i) => (
          <div key={i} className="break-row">
            <BookingInput
              type="time"
              label={t('admin.bookings.generate.breakStart', { n: i + 1 })}
              value={b.start}
              onChange={(start) => set({ breaks: form.breaks.map((x, j) => (j === i ? { ...x, start } : x)) })}
              error={errors[`breaks.${i}.start`]}
              required
            />
            <BookingInput
              type="time"
              label={t('admin.bookings.generate.breakEnd', { n: i + 1 })}
              value={b.end}
              onChange={(end) => set({ breaks: form.breaks.map((x, j) => (j === i ? { ...x, end } : x)) })}
              error={errors[`breaks.${i}.end`]}
              required
            />
            <div className="actions">
              <button
                type="button"
                className="button small secondary"
                onClick={() => set({ breaks: form.breaks.filter((_, j) => j !== i) })}
              >
                {t('admin.bookings.generate.removeBreak', { n: i + 1 })}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button secondary"
            disabled={form.breaks.length >= 10}
            onClick={() => set({ breaks: [...form.breaks, { start: '', end: '' }] })}
          >
            {t('admin.bookings.generate.addBreak')}
          </button>
        </div>
      </fieldset>
    </>
  );
}

function PreviewStep({
  preview,
  video,
  failure,
  busy,
  onConfirm,
  onBack,
}: {
  preview: TimeslotPreview;
  /** Whether the open times will be video (else chat), said above the grid. */
  video: boolean;
  failure: string | undefined;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const count = preview.slots.length;
  return (
    <div className="form">
      <FormAlert message={failure} />
      <p role="status">
        {t('admin.bookings.generate.previewCount', { count })}{' '}
        {preview.conflicts > 0 && t('admin.bookings.generate.conflicts', { count: preview.conflicts })}
      </p>
      <p>{`${t('admin.bookings.generate.kind')}: ${t(`admin.bookings.meetingKind.${video ? 'video' : 'chat'}`)}`}</p>
      {count + preview.conflicts > 0 && <TimeslotPreviewGrid preview={preview} />}
      <div className="actions">
        <button type="button" className="button" disabled={busy || count === 0} onClick={onConfirm}>
          {t('admin.bookings.generate.confirm', { count })}
        </button>
        <button type="button" className="button secondary" onClick={onBack}>
          {t('admin.bookings.generate.back')}
        </button>
      </div>
    </div>
  );
}
