import './expert-booking.css';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-fields';
import { Pager } from '@/components/ui/pager';
import { usePageTitle } from '@/lib/use-page-title';
import { BookingTable } from './booking-table';
import { pageFromSearch } from './booking-helpers';
import { useAppointmentHistory } from './expert-booking-api';
import { useTranslation } from '@/lib/i18n';

/** `/expert/appointmentHistory`: the expert's ended appointments, newest first, a page at a time. */
export function AppointmentHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.menu.appointmentHistory'));
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search);
  const history = useAppointmentHistory(page);
  const data = history.data;
  return (
    <div className="section-stack expert-booking">
      <div className="page-head">
        <h1>{t('expert.menu.appointmentHistory')}</h1>
      </div>
      <p>{t('expert.booking.history.intro')}</p>
      <FormAlert message={history.isError ? t('staff.loadError') : undefined} />
      <BookingTable
        rows={data?.items}
        failed={history.isError}
        empty={t('expert.booking.history.empty')}
        caption={t('expert.menu.appointmentHistory')}
      />
      {data && (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => setSearch(p > 1 ? { page: String(p) } : {})} />
      )}
    </div>
  );
}
