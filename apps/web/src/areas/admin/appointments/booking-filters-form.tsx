import type { FormEvent } from 'react';
import { ZBookingListQuery, type BookableExpert, type BookingStatus } from '@prsp/contracts';
import { CheckboxField, type Option } from '@/components/ui/form-fields';
import { BookingInput, BookingSelect } from './booking-fields';
import { useZodForm } from '@/features/staff/use-zod-form';
import { filterErrors, type BookingFilters } from './booking-filters';
import { useTranslation } from '@/lib/i18n';

const STATUS_FILTERS: BookingStatus[] = ['open', 'booked', 'selfBooked', 'cancelled'];

/** The booking list's filters: applied when searched, cleared back to the defaults. */
export function BookingFiltersForm({
  applied,
  defaults,
  experts,
  services,
  onApply,
}: {
  applied: BookingFilters;
  defaults: BookingFilters;
  experts: readonly BookableExpert[];
  services: Option[] | undefined;
  onApply: (filters: BookingFilters) => void;
}) {
  const { t } = useTranslation();
  // Checked as the list's query (only the filters that are set), and by the form's own range rule.
  const filters = useZodForm<BookingFilters, Record<string, string>>({
    schema: ZBookingListQuery,
    defaultValues: applied,
    toBody: (draft) => Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')),
    rules: (draft, _query, found) => ({ ...found, ...filterErrors(draft) }),
  });
  const { values: draft, errors, set } = filters;
  const submit = (e: FormEvent) => filters.submit(e, (_query, checked) => onApply(checked));
  return (
    <form role="search" aria-label={t('admin.bookings.filters.label')} className="card booking-filters" noValidate onSubmit={submit}>
      <BookingInput
        type="date"
        label={t('admin.bookings.filters.from')}
        value={draft.from}
        onChange={(v) => set('from', v)}
        error={errors.from}
      />
      <BookingInput
        type="date"
        label={t('admin.bookings.filters.to')}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(v) => set('to', v)}
        error={errors.to}
      />
      <BookingSelect
        label={t('admin.bookings.expert')}
        value={draft.expertId}
        placeholder={t('admin.bookings.anyExpert')}
        onChange={(v) => set('expertId', v)}
        options={experts.map((x) => ({ value: x.id, label: x.name }))}
      />
      {services && (
        <BookingSelect
          label={t('admin.bookings.service')}
          value={draft.serviceId}
          placeholder={t('admin.bookings.filters.anyService')}
          onChange={(v) => set('serviceId', v)}
          options={services}
        />
      )}
      <BookingSelect
        label={t('admin.bookings.filters.status')}
        value={draft.status}
        placeholder={t('admin.bookings.filters.anyStatus')}
        onChange={(v) => set('status', v as BookingFilters['status'])}
        options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`admin.bookings.filters.statuses.${s}`) }))}
        error={errors.status}
      />
      <BookingInput
        type="search"
        label={t('admin.bookings.filters.patient')}
        value={draft.patient}
        autoComplete="off"
        onChange={(v) => set('patient', v)}
        error={errors.patient}
      />
      <CheckboxField
        label={t('admin.bookings.filters.openTimes')}
        checked={draft.openTimes === 'true'}
        onChange={(on) => set('openTimes', on ? 'true' : '')}
      />
      <div className="actions">
        <button type="submit" className="button">
          {t('ui.search')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            filters.form.reset(defaults);
            onApply(defaults);
          }}
        >
          {t('admin.bookings.filters.clear')}
        </button>
      </div>
    </form>
  );
}
