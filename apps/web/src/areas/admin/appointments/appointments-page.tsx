import './appointments.css';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { localDateAt, type AppointmentRow, type StaffUserData } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { Pager } from '@/components/ui/pager';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { RowActionButtons, useAppointmentActions } from './appointment-actions';
import { bookingsCsvUrl, defaultFilters, type BookingFilters } from './booking-filters';
import { BookingFiltersForm } from './booking-filters-form';
import { formatTimeRange } from '@/lib/format';
import { clock, meetingKindOfRow } from './booking-format';
import { BookingStatusBadge } from './booking-status-badge';
import { BulkBar, SelectAllShown, SelectRow, useBulkSelection } from './bulk-bar';
import { useBookableExperts, useBookings, useServiceOptions } from './bookings-api';
import { GenerateTimeslotsModal } from './generate-timeslots-modal';
import { AppointmentsViewSwitch, useAppointmentsView } from './appointments-view-switch';

// The week and day calendars load only when chosen: the list stays as light as it was.
const AppointmentsCalendarPage = lazy(async () => ({
  default: (await import('./appointments-calendar-page')).AppointmentsCalendarPage,
}));

function Who({ row }: { row: AppointmentRow }) {
  const { t } = useTranslation();
  if (row.kind === 'group') {
    return (
      <>
        {row.name || t('admin.bookings.kind.group')}
        <span className="hint block">{t('admin.bookings.participants', { count: row.participantCount })}</span>
      </>
    );
  }
  return <>{row.patientName ?? '–'}</>;
}

/**
 * `/admin/appointments` (spec §2): the booking list with its filters, paging and CSV export; new appointments,
 * open timeslot generation and each row's actions by status for those with the bookings edit right.
 */
function AppointmentList({ user, viewSwitch }: { user: StaffUserData; viewSwitch: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.appointments'));
  const lang = currentLanguage();
  const [defaults] = useState(() => defaultFilters(localDateAt(new Date())));
  const [filters, setFilters] = useState<BookingFilters>(defaults);
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const list = useBookings(filters, page);
  const experts = useBookableExperts();
  const services = useServiceOptions();
  const actions = useAppointmentActions();
  const canEdit = user.rights.bookings.edit;
  const data = list.data;
  const bulk = useBulkSelection(filters);
  const columns = [
    ...(canEdit && data ? [<SelectAllShown key="all" rows={data.items} ticked={bulk.ticked} onChange={bulk.setTicked} />] : []),
    t('admin.bookings.columns.time'),
    t('admin.bookings.expert'),
    ...(services.available ? [t('admin.bookings.service')] : []),
    t('admin.bookings.columns.kind'),
    t('admin.bookings.columns.who'),
    t('admin.bookings.columns.status'),
    ...(canEdit ? [t('admin.users.actions')] : []),
  ];

  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.bookings.title')}</h1>
        {canEdit && (
          <div className="actions">
            <button type="button" className="button" onClick={actions.openNew}>
              {t('admin.bookings.add')}
            </button>
            <button type="button" className="button secondary" onClick={() => setGenerating(true)}>
              {t('admin.bookings.generate.open')}
            </button>
          </div>
        )}
      </div>
      {viewSwitch}
      <BookingFiltersForm
        applied={filters}
        defaults={defaults}
        experts={experts.data ?? []}
        services={services.available ? services.services.map((s) => ({ value: s.id, label: s.name[lang] })) : undefined}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <p>
        <a className="button secondary" href={bookingsCsvUrl(filters, lang)} download>
          {t('admin.bookings.csv')}
        </a>
      </p>
      {canEdit && <BulkBar ticked={bulk.ticked} filters={filters} experts={experts.data ?? []} onDone={() => bulk.setTicked(new Set())} />}
      <FormAlert message={list.isError ? t('staff.loadError') : undefined} />
      <DataTable
        rows={data?.items}
        failed={list.isError}
        empty={t('admin.bookings.none')}
        caption={t('admin.bookings.title')}
        columns={columns}
      >
        {(row) => (
          <tr key={row.id}>
            {canEdit && (
              <td>
                <SelectRow row={row} ticked={bulk.ticked} onChange={bulk.setTicked} />
              </td>
            )}
            <td>
              <Link to={`/admin/appointment?id=${encodeURIComponent(row.id)}`}>{formatTimeRange(row.startTime, row.endTime, lang)}</Link>
            </td>
            <td>{row.expert.name}</td>
            {services.available && <td>{row.service ? row.service.name[lang] : '–'}</td>}
            <td>{t(`admin.bookings.meetingKind.${meetingKindOfRow(row)}`)}</td>
            <td>
              <Who row={row} />
            </td>
            <td>
              <BookingStatusBadge
                status={row.status}
                heldUntil={row.heldUntil ? clock(row.heldUntil, lang) : undefined}
                visit={row.visit}
                cancelReason={row.cancelReason}
              />
            </td>
            {canEdit && (
              <td>
                <RowActionButtons row={row} canEdit={canEdit} onAction={(a) => actions.run(row, a)} />
              </td>
            )}
          </tr>
        )}
      </DataTable>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      {actions.element}
      {generating && <GenerateTimeslotsModal onClose={() => setGenerating(false)} />}
    </div>
  );
}

/**
 * `/admin/appointments`: the list (the default), or the week or day calendar (`?view=week|day`, issue 33), switched
 * at the top of either.
 */
export function AppointmentsPage({ user }: { user: StaffUserData }) {
  const [view, setView] = useAppointmentsView();
  if (view === 'list') return <AppointmentList user={user} viewSwitch={<AppointmentsViewSwitch view={view} onChange={setView} />} />;
  return (
    <Suspense fallback={null}>
      <AppointmentsCalendarPage user={user} view={view} onView={setView} />
    </Suspense>
  );
}
