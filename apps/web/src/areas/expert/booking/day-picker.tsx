import { addDays, isLocalDate } from '@prsp/contracts';
import { FormField } from '@/components/ui/form-fields';
import { useTranslation } from '@/lib/i18n';
import { weekStart } from './schedule-views';

/**
 * The schedule's day: previous and next day (or week, in the week view), a date field (in the week view, any day
 * of the week to show), and back to today (or this week).
 */
export function DayPicker({
  date,
  today,
  onChange,
  unit = 'day',
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
  unit?: 'day' | 'week';
}) {
  const { t } = useTranslation();
  const week = unit === 'week';
  const step = week ? 7 : 1;
  const current = week ? weekStart(date) === weekStart(today) : date === today;
  return (
    <div className="day-picker">
      <button type="button" className="button secondary" onClick={() => onChange(addDays(date, -step))}>
        {t(week ? 'expert.booking.schedule.previousWeek' : 'expert.booking.schedule.previousDay')}
      </button>
      <FormField label={t('expert.booking.schedule.date')}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={date}
            onChange={(e) => {
              if (isLocalDate(e.target.value)) onChange(e.target.value);
            }}
          />
        )}
      </FormField>
      <button type="button" className="button secondary" onClick={() => onChange(addDays(date, step))}>
        {t(week ? 'expert.booking.schedule.nextWeek' : 'expert.booking.schedule.nextDay')}
      </button>
      {!current && (
        <button type="button" className="button secondary" onClick={() => onChange(today)}>
          {t(week ? 'expert.booking.schedule.thisWeek' : 'expert.booking.schedule.today')}
        </button>
      )}
    </div>
  );
}
