import { addDays, isLocalDate } from '@prsp/contracts';
import { FormField } from '@/components/ui/form-fields';
import { useTranslation } from '@/lib/i18n';

/** The schedule's day: previous and next day, a date field, and back to today. */
export function DayPicker({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="day-picker">
      <button type="button" className="button secondary" onClick={() => onChange(addDays(date, -1))}>
        {t('expert.booking.schedule.previousDay')}
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
      <button type="button" className="button secondary" onClick={() => onChange(addDays(date, 1))}>
        {t('expert.booking.schedule.nextDay')}
      </button>
      {date !== today && (
        <button type="button" className="button secondary" onClick={() => onChange(today)}>
          {t('expert.booking.schedule.today')}
        </button>
      )}
    </div>
  );
}
