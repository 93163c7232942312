import './expert-booking.css';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BOOKING_RULES, formatLocalDate, isLocalDate, localDateAt, SERVICE_TIME_ZONE } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { BookingStatusBadge } from './booking-status';
import { BreakForm } from './break-form';
import { DayPicker } from './day-picker';
import { minutesBetween, scheduleEntries, withWhom, type ScheduleEntry } from './booking-helpers';
import { useDeleteBreak, useExpertSchedule } from './expert-booking-api';

function timeRange(entry: { startTime: number; endTime: number }): string {
  const lang = currentLanguage();
  return `${formatTime(entry.startTime, lang, SERVICE_TIME_ZONE)}–${formatTime(entry.endTime, lang, SERVICE_TIME_ZONE)}`;
}

/** One row of the day: an appointment (with the way to its details) or a break (with its delete button). */
function EntryRow({
  entry,
  now,
  back,
  onDeleteBreak,
}: {
  entry: ScheduleEntry;
  now: number;
  back: string;
  onDeleteBreak: (entry: ScheduleEntry) => void;
}) {
  const { t } = useTranslation();
  const time = timeRange(entry);
  if (entry.type === 'break') {
    return (
      <tr className="is-break">
        <td className="nowrap">{time}</td>
        <td className="nowrap">{t('expert.booking.minutes', { count: minutesBetween(entry.startTime, entry.endTime) })}</td>
        <td>
          <BookingStatusBadge status="break" />
        </td>
        <td>–</td>
        <td>
          <button
            type="button"
            className="button small secondary"
            aria-label={t('expert.booking.schedule.deleteBreakNamed', { time })}
            onClick={() => onDeleteBreak(entry)}
          >
            {t('expert.booking.schedule.deleteBreak')}
          </button>
        </td>
      </tr>
    );
  }
  const a = entry.appointment;
  const who = withWhom(a);
  const held = a.status === 'open' && a.heldUntil !== null && a.heldUntil > now;
  return (
    <tr>
      <td className="nowrap">{time}</td>
      <td className="nowrap">{t('expert.booking.minutes', { count: a.duration })}</td>
      <td>
        <BookingStatusBadge status={entry.status} />
        {held && <span className="hint block">{t('expert.booking.beingBooked')}</span>}
      </td>
      <td>
        {who || '–'}
        {a.kind === 'group' && <span className="hint block">{t('expert.booking.groupOf', { count: a.participantCount })}</span>}
      </td>
      <td>
        {a.status !== 'open' && (
          <Link
            to={`/expert/appointment?id=${encodeURIComponent(a.id)}`}
            state={{ back }}
            aria-label={t('expert.booking.detailsNamed', { time, name: who })}
          >
            {t('expert.booking.detailsLink')}
          </Link>
        )}
      </td>
    </tr>
  );
}

/**
 * `/expert/schedule`: one day (today unless the address says otherwise) of the expert's appointments, free slots and
 * breaks in time order, rechecked every 5 s without moving the focus; breaks are added below and deleted after a question.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.menu.schedule'));
  const lang = currentLanguage();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const now = useNow(BOOKING_RULES.refreshMs);
  const today = localDateAt(now);
  const asked = search.get('date');
  const date = isLocalDate(asked) ? asked : today;
  const schedule = useExpertSchedule(date);
  const remove = useDeleteBreak();
  const [deleting, setDeleting] = useState<ScheduleEntry | undefined>();

  const setDate = (next: string) => setSearch(next === today ? {} : { date: next }, { replace: true });
  const shown = schedule.data && schedule.data.date === date ? schedule.data : undefined;
  const entries = schedule.data ? scheduleEntries(schedule.data.appointments, schedule.data.breaks) : undefined;
  const back = location.pathname + location.search;

  return (
    <div className="section-stack expert-booking">
      <div className="page-head">
        <h1>{t('expert.menu.schedule')}</h1>
      </div>
      <section className="card section-stack" aria-labelledby="schedule-day" aria-busy={!shown}>
        <DayPicker date={date} today={today} onChange={setDate} />
        <h2 id="schedule-day" className="schedule-day" aria-live="polite">
          {formatLocalDate(date, lang, 'heading')}
        </h2>
        <FormAlert message={schedule.isError && !schedule.data ? t('staff.loadError') : undefined} />
        <DataTable<ScheduleEntry>
          rows={entries}
          failed={schedule.isError}
          empty={t('expert.booking.schedule.empty')}
          caption={t('expert.booking.schedule.caption', { date: formatLocalDate(date, lang, 'heading') })}
          columns={[
            t('expert.booking.columns.time'),
            t('expert.booking.columns.duration'),
            t('expert.booking.columns.status'),
            t('expert.booking.columns.who'),
            t('expert.booking.columns.actions'),
          ]}
        >
          {(entry) => <EntryRow key={entry.key} entry={entry} now={now} back={back} onDeleteBreak={setDeleting} />}
        </DataTable>
      </section>
      {date >= today ? <BreakForm key={date} date={date} /> : <p className="hint">{t('expert.booking.breaks.pastDay')}</p>}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('expert.booking.breaks.deleteTitle')}
        text={
          deleting && (
            <p>{t('expert.booking.breaks.deleteText', { time: timeRange(deleting), date: formatLocalDate(date, lang, 'heading') })}</p>
          )
        }
        confirmLabel={t('expert.booking.schedule.deleteBreak')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting?.type === 'break' &&
          remove.mutate(deleting.pause.id, {
            onSuccess: () => showToast(t('expert.booking.breaks.deleted')),
            onError: () => showToast(t('staff.actionError'), 'error'),
            onSettled: () => setDeleting(undefined),
          })
        }
      />
    </div>
  );
}
