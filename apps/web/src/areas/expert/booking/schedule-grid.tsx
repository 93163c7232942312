import { useNavigate } from 'react-router';
import { SERVICE_TIME_ZONE, type AppointmentRow, type Break, type LocalDate } from '@prsp/contracts';
import { TimeGrid, type TimeGridItem } from '@/features/calendar/time-grid';
import { visibleHours } from '@/features/calendar/time-grid-layout';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { appointmentType, scheduleEntries, startState, withWhom, type ScheduleEntry } from './booking-helpers';
import { StartButton } from './start-button';

type Translate = ReturnType<typeof useTranslation>['t'];

function timeRange(entry: { startTime: number; endTime: number }): string {
  const lang = currentLanguage();
  return `${formatTime(entry.startTime, lang, SERVICE_TIME_ZONE)}–${formatTime(entry.endTime, lang, SERVICE_TIME_ZONE)}`;
}

/** How an entry looks in the calendar; its words say the same (time, kind, state, with whom). */
function toneOf(entry: Exclude<ScheduleEntry, { type: 'now' }>): TimeGridItem['tone'] {
  if (entry.type === 'break') return 'break';
  switch (entry.status) {
    case 'free':
      return 'open';
    case 'cancelled':
    case 'unused':
    case 'noShow':
      return 'muted';
    default:
      return entry.appointment.kind === 'group' ? 'group' : 'booked';
  }
}

/**
 * The schedule's entries as calendar items: an appointment's lines are its time, its kind and state, and with whom
 * (a red-flag answer said too), its label the same in one sentence for a screen reader. A reserved one is a button
 * to its details and carries the Start or Join button while that is open; a break and a free time are text.
 */
export function scheduleItems(
  appointments: readonly AppointmentRow[],
  breaks: readonly Break[],
  now: number,
  t: Translate,
  startButton: (appointment: AppointmentRow, time: string) => TimeGridItem['action'],
): TimeGridItem[] {
  const lang = currentLanguage();
  return scheduleEntries(appointments, breaks, { now, line: false }).flatMap((entry): TimeGridItem[] => {
    if (entry.type === 'now') return [];
    const time = timeRange(entry);
    const status = t(`expert.booking.status.${entry.status}`);
    if (entry.type === 'break') {
      return [
        {
          id: entry.key,
          start: entry.startTime,
          end: entry.endTime,
          lines: [time, status],
          label: `${time}, ${status}`,
          tone: 'break',
          inert: true,
        },
      ];
    }
    const a = entry.appointment;
    const kind = t(`expert.booking.types.${appointmentType(a)}`);
    const who = withWhom(a);
    const group = a.kind === 'group' ? t('expert.booking.groupOf', { count: a.participantCount }) : '';
    const urgent = a.urgency === 'emergency' ? t('expert.booking.redFlag') : '';
    const service = a.service ? a.service.name[lang] || a.service.name.fi : '';
    // With whom on the second line: a half-hour box shows two lines.
    const words = [time, who, `${kind}, ${status}`, group, urgent].filter(Boolean);
    const reserved = a.status !== 'open' && a.status !== 'cancelled';
    return [
      {
        id: entry.key,
        start: entry.startTime,
        end: entry.endTime,
        lines: words,
        label: [...words, service].filter(Boolean).join(', '),
        tone: toneOf(entry),
        inert: a.status === 'open',
        action: reserved ? startButton(a, time) : undefined,
      },
    ];
  });
}

/**
 * The expert's day or week as a time grid (features/calendar/time-grid.tsx), with the 'now' line on today's column
 * (moved each time `now` changes: the page re-renders every few seconds, the label shows the minute). Activating a
 * reserved appointment opens its details, with the way back to this view.
 */
export function ScheduleGrid({
  days,
  appointments,
  breaks,
  now,
  caption,
  back,
  variant = 'grid',
}: {
  days: readonly LocalDate[];
  appointments: readonly AppointmentRow[];
  breaks: readonly Break[];
  now: number;
  caption: string;
  back: string;
  variant?: 'grid' | 'list';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const items = scheduleItems(appointments, breaks, now, t, (a, time) =>
    // The button only while it can be pressed (the same rule as the list's): otherwise the item's box is whole.
    startState(a, now) === 'open' ? <StartButton appointment={a} now={now} time={time} compact /> : undefined,
  );
  // The quarter-hour rows the grid shows (as TimeGrid counts them, the now line included), for the printed week to
  // share one sheet's height among them (schedule-views.css).
  const [fromHour, toHour] = visibleHours(days, [...items, { start: now, end: now + 60_000 }]);
  return (
    <div className="schedule-grid" style={{ ['--schedule-quarters' as string]: (toHour - fromHour) * 4 }}>
      <TimeGrid
        caption={caption}
        days={days}
        items={items}
        lang={lang}
        variant={variant}
        now={{ at: now, label: t('expert.booking.schedule.now', { time: formatTime(now, lang, SERVICE_TIME_ZONE) }) }}
        onOpen={(item) => {
          const id = item.id.replace(/^a-/, '');
          void navigate(`/expert/appointment?id=${encodeURIComponent(id)}`, { state: { back } });
        }}
      />
    </div>
  );
}
