import { useTranslation } from '@/lib/i18n';
import { SCHEDULE_VIEWS, type ScheduleView } from './schedule-views';

/** List | Day | Week: a group of toggle buttons, the one shown pressed (a screen reader says which). */
export function ScheduleViewSwitch({ view, onChange }: { view: ScheduleView; onChange: (view: ScheduleView) => void }) {
  const { t } = useTranslation();
  return (
    <div className="view-switch" role="group" aria-label={t('expert.booking.schedule.views.label')}>
      {SCHEDULE_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          className={v === view ? 'button small' : 'button small secondary'}
          aria-pressed={v === view}
          onClick={() => onChange(v)}
        >
          {t(`expert.booking.schedule.views.${v}`)}
        </button>
      ))}
    </div>
  );
}
