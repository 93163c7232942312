import './expert-booking.css';
import './schedule-views.css';
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
import { UrgencyMark } from './urgency-mark';
import { BreakForm } from './break-form';
import { DayPicker } from './day-picker';
import { appointmentType, minutesBetween, scheduleEntries, withWhom, type ScheduleEntry } from './booking-helpers';
import { useDeleteBreak, useExpertSchedule } from './expert-booking-api';
import { StartButton } from './start-button';
import { ScheduleGrid } from './schedule-grid';
import { ScheduleViewSwitch } from './schedule-view-switch';
import { isoWeekNumber, scheduleRange, scheduleSearch, viewOf, weekDays, type ScheduleView } from './schedule-views';
import { PrintButton } from '@/components/ui/print-button';
import { useStaffUser } from '@/features/staff/staff-api';

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
  if (entry.type === 'now') {
    return (
      <tr className="now-line">
        <td colSpan={6}>{t('expert.booking.schedule.now', { time: formatTime(entry.startTime, currentLanguage(), SERVICE_TIME_ZONE) })}</td>
      </tr>
    );
  }
  if (entry.type === 'break') {
    return (
      <tr className="is-break">
        <td className="nowrap">{time}</td>
        <td className="nowrap">{t('expert.booking.minutes', { count: minutesBetween(entry.startTime, entry.endTime) })}</td>
        <td>
          <BookingStatusBadge status="break" />
        </td>
        <td>–</td>
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
  const lang = currentLanguage();
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
        <UrgencyMark urgency={a.urgency} />
      </td>
      <td>
        <span className={`type-marker type-${appointmentType(a)}`}>{t(`expert.booking.types.${appointmentType(a)}`)}</span>
        {a.service && <span className="hint block">{a.service.name[lang] || a.service.name.fi}</span>}
      </td>
      <td className="schedule-row-actions">
        <StartButton appointment={a} now={now} time={time} />
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
 * `/expert/schedule`: the expert's appointments, free slots and breaks, rechecked every 5 s without moving the focus,
 * in three views (issue 33): the day as a list (the table: what a phone shows and a screen reader reads best), the day
 * as a time grid and the week (Monday to Sunday) as one, both with a 'now' line and the same Start and Join buttons.
 * View and date are in the address. Breaks are added below and deleted after a question. On paper (Print) the day
 * prints as its list and the week as its grid on a landscape page, under a heading saying whose schedule and when.
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
  const view = viewOf(search.get('view'));
  const range = scheduleRange(view, date);
  const schedule = useExpertSchedule(range.from, range.days);
  const remove = useDeleteBreak();
  const user = useStaffUser('expert');
  const [deleting, setDeleting] = useState<ScheduleEntry | undefined>();

  const go = (nextView: ScheduleView, nextDate: string) => setSearch(scheduleSearch(nextView, nextDate, today), { replace: true });
  const setDate = (next: string) => go(view, next);
  const shown = schedule.data && schedule.data.date === range.from && schedule.data.days === range.days ? schedule.data : undefined;
  // Free times that have begun are no longer free; today's day has a 'now' line.
  const entries =
    schedule.data && view !== 'week'
      ? scheduleEntries(schedule.data.appointments, schedule.data.breaks, { now, line: schedule.data.date === today })
      : undefined;
  const back = location.pathname + location.search;
  const days = view === 'week' ? weekDays(range.from) : [date];
  const dayHeading = formatLocalDate(date, lang, 'heading');
  const heading =
    view === 'week'
      ? t('expert.booking.schedule.week', {
          week: isoWeekNumber(range.from),
          from: formatLocalDate(days[0]!, lang),
          to: formatLocalDate(days[6]!, lang),
        })
      : dayHeading;
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}` : '';

  const list = (
    <div className="schedule-table">
      <DataTable<ScheduleEntry>
        rows={entries}
        failed={schedule.isError}
        empty={t('expert.booking.schedule.empty')}
        caption={t('expert.booking.schedule.caption', { date: dayHeading })}
        columns={[
          t('expert.booking.columns.time'),
          t('expert.booking.columns.duration'),
          t('expert.booking.columns.status'),
          t('expert.booking.columns.who'),
          t('expert.booking.columns.type'),
          t('expert.booking.columns.actions'),
        ]}
      >
        {(entry) => <EntryRow key={entry.key} entry={entry} now={now} back={back} onDeleteBreak={setDeleting} />}
      </DataTable>
    </div>
  );
  const grid = (variant: 'grid' | 'list') =>
    shown && (
      <ScheduleGrid
        days={days}
        appointments={shown.appointments}
        breaks={shown.breaks}
        now={now}
        caption={
          view === 'week'
            ? t('expert.booking.schedule.weekCaption', { week: isoWeekNumber(range.from) })
            : t('expert.booking.schedule.dayCaption', { date: dayHeading })
        }
        back={back}
        variant={variant}
      />
    );

  return (
    <div className={`section-stack expert-booking schedule-view-${view}${view === 'week' ? ' print-landscape' : ''}`}>
      <div className="page-head">
        <h1>
          <span className="no-print">{t('expert.menu.schedule')}</span>
          <span className="print-only">{t('expert.booking.schedule.printTitle', { when: heading, name })}</span>
        </h1>
        <PrintButton />
      </div>
      <section className="card section-stack" aria-labelledby="schedule-day" aria-busy={!shown}>
        <div className="schedule-controls no-print">
          <ScheduleViewSwitch view={view} onChange={(next) => go(next, date)} />
          <DayPicker date={date} today={today} onChange={setDate} unit={view === 'week' ? 'week' : 'day'} />
        </div>
        <h2 id="schedule-day" className="schedule-day no-print" aria-live="polite">
          {heading}
        </h2>
        <FormAlert message={schedule.isError && !schedule.data ? t('staff.loadError') : undefined} />
        {view === 'list' && list}
        {view === 'day' && (
          <>
            <div className="schedule-wide">{grid('grid')}</div>
            <div className="schedule-narrow">{list}</div>
          </>
        )}
        {view === 'week' && (
          <>
            <div className="schedule-wide">{grid('grid')}</div>
            <div className="schedule-narrow">{grid('list')}</div>
          </>
        )}
      </section>
      <div className="no-print">
        {date >= today ? <BreakForm key={date} date={date} /> : <p className="hint">{t('expert.booking.breaks.pastDay')}</p>}
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('expert.booking.breaks.deleteTitle')}
        text={
          deleting && (
            <p>
              {t('expert.booking.breaks.deleteText', {
                time: timeRange(deleting),
                date: formatLocalDate(localDateAt(deleting.startTime), lang, 'heading'),
              })}
            </p>
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
