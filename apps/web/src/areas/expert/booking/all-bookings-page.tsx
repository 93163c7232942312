import './expert-booking.css';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BOOKING_STATUSES, isLocalDate, localDateAt, ZExpertBookingQuery } from '@prsp/contracts';
import { CheckboxField, FormAlert, FormField, SelectField } from '@/components/ui/form-fields';
import { Pager } from '@/components/ui/pager';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useNow } from '@/lib/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { BookingTable } from './booking-table';
import { filtersFromSearch, searchOfFilters, type BookingFilters } from './booking-helpers';
import { useExpertBookings } from './expert-booking-api';
import { useTranslation } from '@/lib/i18n';

function DateField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <FormField label={label} error={error}>
      {(control) => <input {...control} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** The filter form: kept in the page address when shown, so the details' Back link returns to the same list. */
function Filters({ filters, onApply }: { filters: BookingFilters; onApply: (f: BookingFilters) => void }) {
  const { t } = useTranslation();
  // Dates that are not dates and unknown statuses are left out (as from the address); a range must not end before it starts.
  const form = useZodForm<{ from: string; to: string; status: string; openTimes: boolean }, BookingFilters>({
    schema: ZExpertBookingQuery,
    defaultValues: {
      from: filters.from ?? '',
      to: filters.to ?? '',
      status: filters.status ?? '',
      openTimes: filters.openTimes === 'true',
    },
    toBody: ({ from, to, status, openTimes }) => ({
      from: isLocalDate(from) ? from : undefined,
      to: isLocalDate(to) ? to : undefined,
      status: (BOOKING_STATUSES as readonly string[]).includes(status) ? (status as BookingFilters['status']) : undefined,
      openTimes: openTimes ? 'true' : undefined,
      page: 1,
    }),
    rules: ({ from, to }, _query, found) => (isLocalDate(from) && isLocalDate(to) && to < from ? { ...found, to: 'toBeforeFrom' } : found),
  });
  const { errors, field, checkbox } = form;

  const submit = (e: FormEvent) => form.submit(e, onApply);

  return (
    <form className="card form" noValidate onSubmit={submit} aria-label={t('expert.booking.list.filters')}>
      <div className="form-grid">
        <DateField label={t('expert.booking.list.from')} {...field('from')} error={undefined} />
        <DateField
          label={t('expert.booking.list.to')}
          {...field('to')}
          error={errors.to === 'toBeforeFrom' ? t('expert.booking.list.toBeforeFrom') : undefined}
        />
        <SelectField
          label={t('expert.booking.list.status')}
          {...field('status')}
          placeholder={t('expert.booking.list.allStatuses')}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`expert.booking.list.statusOption.${s}`) }))}
        />
      </div>
      <CheckboxField label={t('expert.booking.list.openTimes')} {...checkbox('openTimes')} />
      <div className="actions">
        <button type="submit" className="button">
          {t('expert.booking.list.show')}
        </button>
      </div>
    </form>
  );
}

/** `/expert/allBookings`: the expert's bookings from today on (or the range and status chosen), a page at a time. */
export function AllBookingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.menu.allBookings'));
  const [search, setSearch] = useSearchParams();
  const today = localDateAt(useNow(60_000));
  const filters = filtersFromSearch(search, today);
  const bookings = useExpertBookings(filters);
  const apply = (next: BookingFilters) => setSearch(searchOfFilters({ ...next, from: next.from ?? today }, today));
  const data = bookings.data;
  return (
    <div className="section-stack expert-booking">
      <div className="page-head">
        <h1>{t('expert.menu.allBookings')}</h1>
      </div>
      <Filters key={search.toString()} filters={filters} onApply={apply} />
      <FormAlert message={bookings.isError ? t('staff.loadError') : undefined} />
      <BookingTable
        rows={data?.items}
        failed={bookings.isError}
        empty={t('expert.booking.list.empty')}
        caption={t('expert.menu.allBookings')}
      />
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => apply({ ...filters, page })} />}
    </div>
  );
}
