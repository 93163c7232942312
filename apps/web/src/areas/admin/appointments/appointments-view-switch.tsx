import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';

export type AppointmentsView = 'list' | 'week' | 'day';
const VIEWS: AppointmentsView[] = ['list', 'week', 'day'];

/** The view of `/admin/appointments` in its address (`?view=week`), so a reload or a shared link keeps it. */
export function useAppointmentsView(): [AppointmentsView, (view: AppointmentsView) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = VIEWS.find((v) => v === asked) ?? 'list';
  return [
    view,
    (next) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === 'list') out.delete('view');
          else out.set('view', next);
          return out;
        },
        { replace: true },
      ),
  ];
}

/** List | Week | Day: toggle buttons, the pressed one the view shown. */
export function AppointmentsViewSwitch({ view, onChange }: { view: AppointmentsView; onChange: (view: AppointmentsView) => void }) {
  const { t } = useTranslation();
  return (
    <div className="view-switch" role="group" aria-label={t('admin.bookings.calendar.views.label')}>
      {VIEWS.map((v) => (
        <button key={v} type="button" className="button secondary" aria-pressed={view === v} onClick={() => onChange(v)}>
          {t(`admin.bookings.calendar.views.${v}`)}
        </button>
      ))}
    </div>
  );
}
