import { addDays, isoWeekday, type Language, type TimeslotPreview } from '@prsp/contracts';
import { formatDate } from '@/lib/format';
import { currentLanguage, useTranslation, type TFunction } from '@/lib/i18n';
import { cellKey, previewWeeks, type PreviewWeek, type WeekCell } from './timeslot-plan-model';

/**
 * The preview of open-times generation as a week grid per expert (issue 28): a table per ISO week, a column per day
 * and a row per start time, each planned slot marked as opening or as left out for what stands there. Plain tables
 * with headers, so a screen reader names each cell's day and time; each expert folds open on its own, and a week
 * too wide for a phone scrolls sideways within its frame.
 */
export function TimeslotPreviewGrid({ preview }: { preview: Pick<TimeslotPreview, 'slots' | 'conflictingSlots'> }) {
  const { t } = useTranslation();
  const experts = previewWeeks(preview);
  return (
    <div className="preview-experts">
      <p className="hint">
        <span aria-hidden="true">+</span> {t('admin.bookings.generate.cell.opens')} · <span aria-hidden="true">×</span>{' '}
        {t('admin.bookings.generate.cell.conflict')}
      </p>
      {experts.map((expert, i) => (
        <details key={expert.expertId} open={i === 0 || expert.conflicts > 0}>
          <summary>
            {t('admin.bookings.generate.expertSummary', { name: expert.expertName, opens: expert.opens, conflicts: expert.conflicts })}
          </summary>
          {expert.weeks.map((week) => (
            <WeekTable key={week.monday} name={expert.expertName} week={week} />
          ))}
        </details>
      ))}
    </div>
  );
}

function WeekTable({ name, week }: { name: string; week: PreviewWeek }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const caption = t('admin.bookings.generate.weekCaption', {
    name,
    from: formatDate(week.monday, lang),
    to: formatDate(addDays(week.monday, 6), lang),
  });
  return (
    <div className="table-scroll preview-week" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.bookings.generate.timeColumn')}</th>
            {week.days.map((date) => (
              <th key={date} scope="col">
                {dayLabel(date, t)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {week.times.map((time) => (
            <tr key={time}>
              <th scope="row">{clockText(time, lang)}</th>
              {week.days.map((date) => (
                <Cell key={date} cell={week.cells.get(cellKey(date, time))} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ cell }: { cell: WeekCell | undefined }) {
  const { t } = useTranslation();
  if (!cell) return <td />;
  const text = cell === 'opens' ? t('admin.bookings.generate.cell.opens') : t(`admin.bookings.generate.cell.${cell}`);
  return (
    <td className={cell === 'opens' ? 'cell-opens' : 'cell-conflict'} title={text}>
      <span aria-hidden="true">{cell === 'opens' ? '+' : '×'}</span>
      <span className="visually-hidden">{text}</span>
    </td>
  );
}

/** 'ma 11.5.' / 'Mon 11/5': short enough for seven columns on a phone. */
function dayLabel(date: string, t: TFunction) {
  const [, month, day] = date.split('-').map(Number);
  return t('admin.bookings.generate.dayColumn', { weekday: t(`admin.bookings.weekdayShort.${isoWeekday(date)}`), day, month });
}

/** A local 'HH:MM' as the rest of the booking screens write times: '09.00' in Finnish and Swedish, '09:00' in English. */
const clockText = (time: string, lang: Language) => (lang === 'en' ? time : time.replace(':', '.'));
