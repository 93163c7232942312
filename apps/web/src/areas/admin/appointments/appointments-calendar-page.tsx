import type { StaffUserData } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AppointmentsCalendar } from './appointments-calendar';
import { useBookableExperts, useServiceOptions } from './bookings-api';
import { AppointmentsViewSwitch, type AppointmentsView } from './appointments-view-switch';

/** `/admin/appointments?view=week|day`: the page's head and the calendar, loaded only when a calendar view is chosen. */
export function AppointmentsCalendarPage({
  user,
  view,
  onView,
}: {
  user: StaffUserData;
  view: 'week' | 'day';
  onView: (view: AppointmentsView) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  usePageTitle(`${t('admin.menu.appointments')} (${t(`admin.bookings.calendar.views.${view}`)})`);
  const experts = useBookableExperts();
  const services = useServiceOptions();
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.bookings.title')}</h1>
      </div>
      <AppointmentsViewSwitch view={view} onChange={onView} />
      {experts.data && (
        <AppointmentsCalendar
          mode={view}
          canEdit={user.rights.bookings.edit}
          experts={experts.data}
          services={services.services.map((s) => ({ value: s.id, label: s.name[lang] }))}
        />
      )}
    </div>
  );
}
