import './expert-booking.css';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BOOKING_STATUSES } from '@prsp/contracts';
import { FormAlert, FormField, SelectField } from '../../../components/ui/form-fields';
import { Pager } from '../../../components/ui/pager';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { BookingTable } from './booking-table';
import { filtersFromSearch, isLocalDate, localDateOf, searchOfFilters, type BookingFilters } from './booking-helpers';
import { useExpertBookings } from './expert-booking-api';
import { useTranslation } from '../../../lib/i18n';

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
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [rangeError, setRangeError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isLocalDate(from) && isLocalDate(to) && to < from) {
      setRangeError(t('expert.booking.list.toBeforeFrom'));
      return;
    }
    setRangeError(undefined);
    onApply({
      from: isLocalDate(from) ? from : undefined,
      to: isLocalDate(to) ? to : undefined,
      status: (BOOKING_STATUSES as readonly string[]).includes(status) ? (status as BookingFilters['status']) : undefined,
      page: 1,
    });
  };

  return (
    <form className="card form" noValidate onSubmit={submit} aria-label={t('expert.booking.list.filters')}>
      <div className="form-grid">
        <DateField label={t('expert.booking.list.from')} value={from} onChange={setFrom} />
        <DateField label={t('expert.booking.list.to')} value={to} onChange={setTo} error={rangeError} />
        <SelectField
          label={t('expert.booking.list.status')}
          value={status}
          onChange={setStatus}
          placeholder={t('expert.booking.list.allStatuses')}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`expert.booking.list.statusOption.${s}`) }))}
        />
      </div>
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
  const today = localDateOf(useNow(60_000));
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
