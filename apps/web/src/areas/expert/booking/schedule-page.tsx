import './expert-booking.css';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  BOOKING_RULES,
  CHAT_LIMITS,
  formatLocalDate,
  isLocalDate,
  localDateAt,
  SERVICE_TIME_ZONE,
  type AppointmentRow,
} from '@prsp/contracts';
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
import { appointmentType, minutesBetween, scheduleEntries, startState, withWhom, type ScheduleEntry } from './booking-helpers';
import { useOpenAppointmentChat } from '../chat/expert-chat-api';
import { useDeleteBreak, useExpertSchedule } from './expert-booking-api';

function timeRange(entry: { startTime: number; endTime: number }): string {
  const lang = currentLanguage();
  return `${formatTime(entry.startTime, lang, SERVICE_TIME_ZONE)}–${formatTime(entry.endTime, lang, SERVICE_TIME_ZONE)}`;
}

/**
 * Start (a one-to-one) or Join (a group) from 5 minutes before the start until the end, as the server allows; the
 * chat or video opens on the desk with the expert's other chats. Before that window a line says when it opens.
 */
function StartButton({ appointment, now, time }: { appointment: AppointmentRow; now: number; time: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenAppointmentChat();
  const state = startState(appointment, now);
  if (state === 'none') return null;
  if (state === 'soon') {
    const opens = formatTime(appointment.startTime - CHAT_LIMITS.groupOpensBeforeMs, currentLanguage(), SERVICE_TIME_ZONE);
    return <span className="hint block">{t('expert.booking.schedule.opensAt', { time: opens })}</span>;
  }
  const join = appointment.kind === 'group';
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={open.isPending}
        aria-label={t(join ? 'expert.booking.schedule.joinNamed' : 'expert.booking.schedule.startNamed', {
          time,
          name: withWhom(appointment),
        })}
        onClick={() => open.mutate(appointment.id, { onSuccess: () => void navigate('/expert/desktop') })}
      >
        {t(join ? 'expert.booking.schedule.join' : 'expert.booking.schedule.start')}
      </button>
      {open.isError && (
        <span className="field-error block" role="alert">
          {t('expert.booking.schedule.openFailed')}
        </span>
      )}
    </>
  );
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
      <td>
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
  // Free times that have begun are no longer free; today's day has a 'now' line.
  const entries = schedule.data
    ? scheduleEntries(schedule.data.appointments, schedule.data.breaks, { now, line: schedule.data.date === today })
    : undefined;
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
            t('expert.booking.columns.type'),
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
