import './appointments-calendar.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  addDays,
  formatLocalDate,
  localDateAt,
  localDateTimeAt,
  type BookableExpert,
  type CalendarAppointment,
  type LocalDate,
  type MoveInput,
} from '@prsp/contracts';
import { TimeGrid, type TimeGridDrop, type TimeGridItem } from '@/features/calendar/time-grid';
import { FormAlert } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { formatTimeRange } from '@/lib/format';
import { saveFailureKey, serverFieldErrors } from '@/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { ReplaceOpenTimesDialog } from './appointment-modal';
import { useUpdateTimeslot } from './bookings-api';
import { useCalendarWeek, useMoveBooking } from './calendar-api';
import { calendarItems, isFreeOpenTime, mondayOf } from './calendar-items';
import { CalendarMoveDialog } from './calendar-move-dialog';

const NARROW = '(max-width: 40rem)';

/** Whether the screen is narrow (360 px phones): the week becomes a day list. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(NARROW).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(NARROW);
    const changed = () => setNarrow(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return narrow;
}

/** A request to send: a booking's move, or an open time's new place (the timeslot route). */
type Change =
  | { kind: 'booking'; id: string; body: MoveInput }
  | { kind: 'open'; id: string; body: { expertId: string; date: string; startTime: string; durationMinutes: number } };

type Done = { text: string; undo?: Change };

/**
 * The week and day views of `/admin/appointments` (issue 33): one expert's or one service's calendar on the time grid
 * (features/calendar), its appointments, open times and breaks. With the edit right, a reserved appointment is dragged
 * onto an open time or a free quarter (the edit form's rules on the server; open times in the way asked about as the
 * form asks), an open time to a free quarter; activating an item opens the Move dialog, the keyboard's way. After a
 * move a polite status says what happened, with Undo. On a narrow screen the day or the week is a list of its days.
 */
export function AppointmentsCalendar({
  mode,
  canEdit,
  experts,
  services,
}: {
  mode: 'week' | 'day';
  canEdit: boolean;
  experts: BookableExpert[];
  services: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const narrow = useNarrow();
  const [anchor, setAnchor] = useState<LocalDate>(() => localDateAt(new Date()));
  const [show, setShow] = useState('');
  const current = show || (experts[0] ? `expert:${experts[0].id}` : '');
  // On a narrow screen the grid becomes a list (of the day, or of the week's days), so the switch always tells the truth.
  const oneDay = mode === 'day';
  const days = useMemo(() => {
    const from = oneDay ? anchor : mondayOf(anchor);
    return Array.from({ length: oneDay ? 1 : 7 }, (_, i) => addDays(from, i));
  }, [anchor, oneDay]);
  const week = useCalendarWeek(days[0]!, days.length, current);
  const moveBooking = useMoveBooking();
  const updateTimeslot = useUpdateTimeslot();
  const [moving, setMoving] = useState<CalendarAppointment>();
  const [failure, setFailure] = useState<string>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [inTheWay, setInTheWay] = useState<{ change: Change & { kind: 'booking' }; openTimes: NonNullable<ApiError['openTimes']> }>();
  const [done, setDone] = useState<Done>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [now] = useState(() => Date.now());

  const expertNames = useMemo(() => new Map(experts.map((e) => [e.id, e.name])), [experts]);
  const byService = current.startsWith('service:');
  const data = week.data;
  const items = useMemo(
    () => (data ? calendarItems(data, { t, lang, canEdit, showExpert: byService, now, expertNames }) : []),
    [data, t, lang, canEdit, byService, now, expertNames],
  );
  const byId = useMemo(() => new Map((data?.appointments ?? []).map((a) => [a.id, a])), [data]);
  const busy = moveBooking.isPending || updateTimeslot.isPending;

  /** Sends a change; answers what undoes it, or shows why it could not be done. */
  const send = async (change: Change, undoing: boolean): Promise<boolean> => {
    setFailure(undefined);
    setFields({});
    try {
      if (change.kind === 'booking') {
        const result = await moveBooking.mutateAsync({ id: change.id, body: change.body });
        const time = formatTimeRange(result.appointment.startTime, result.appointment.endTime, lang);
        setDone(
          undoing
            ? { text: t('admin.bookings.calendar.undone', { time }) }
            : { text: t('admin.bookings.calendar.moved', { time }), undo: { kind: 'booking', id: change.id, body: result.undo } },
        );
      } else {
        const old = byId.get(change.id);
        const row = await updateTimeslot.mutateAsync({ id: change.id, body: change.body });
        const time = formatTimeRange(row.startTime, row.endTime, lang);
        const back = old && {
          kind: 'open' as const,
          id: change.id,
          body: { ...change.body, expertId: old.expert.id, ...placeOf(old.startTime) },
        };
        setDone(
          undoing || !back
            ? { text: t('admin.bookings.calendar.undone', { time }) }
            : { text: t('admin.bookings.calendar.openMoved', { time }), undo: back },
        );
      }
      setInTheWay(undefined);
      setMoving(undefined);
      return true;
    } catch (err) {
      if (
        change.kind === 'booking' &&
        err instanceof ApiError &&
        err.openTimes?.length &&
        !('replaceOpenTimes' in change.body && change.body.replaceOpenTimes)
      ) {
        setInTheWay({ change, openTimes: err.openTimes });
      } else {
        setFailure(t(saveFailureKey(err) ?? 'staff.saveError'));
        setFields(serverFieldErrors(err));
      }
      return false;
    }
  };

  const placeOf = (ms: number) => {
    const at = localDateTimeAt(ms);
    return { date: at.date, startTime: at.time };
  };

  const changeFor = (
    item: CalendarAppointment,
    target: { timeslotId: string } | { expertId: string; date: string; startTime: string },
  ): Change =>
    item.status === 'open'
      ? {
          kind: 'open',
          id: item.id,
          body: { ...(target as { expertId: string; date: string; startTime: string }), durationMinutes: item.duration },
        }
      : { kind: 'booking', id: item.id, body: target };

  const onDrop = (drop: TimeGridDrop) => {
    const item = byId.get(drop.itemId);
    if (!item) return;
    if ('itemId' in drop.target) {
      const slot = byId.get(drop.target.itemId);
      if (!slot || item.status === 'open' || !isFreeOpenTime(slot, Date.now())) return;
      void send(changeFor(item, { timeslotId: slot.id }), false);
    } else {
      // A free quarter: the expert of the view, or in a service's view the appointment's own expert.
      const expertId = current.startsWith('expert:') ? current.slice('expert:'.length) : item.expert.id;
      void send(changeFor(item, { expertId, date: drop.target.date, startTime: drop.target.time }), false);
    }
  };

  const onOpen = (item: TimeGridItem) => {
    const a = byId.get(item.id);
    if (!a || !canEdit || !item.draggable) return;
    setFailure(undefined);
    setMoving(a);
  };

  // After a change, focus goes to the status when it has nowhere to be: the Undo button that was pressed is gone, or
  // the moved entry was drawn again elsewhere (a dialog's opener may be gone too). Checked once the dialog has closed.
  useEffect(() => {
    if (!done) return;
    const later = setTimeout(() => {
      const at = document.activeElement;
      if (!done.undo || !at || at === document.body) statusRef.current?.focus();
    });
    return () => clearTimeout(later);
  }, [done]);

  const range =
    days.length === 1
      ? formatLocalDate(days[0]!, lang, 'heading')
      : `${formatLocalDate(days[0]!, lang)} – ${formatLocalDate(days.at(-1)!, lang)}`;
  const whoLabel = byService
    ? (services.find((s) => `service:${s.value}` === current)?.label ?? '')
    : (expertNames.get(current.slice('expert:'.length)) ?? '');
  const step = oneDay ? 1 : 7;

  if (experts.length === 0) return <p>{t('admin.bookings.calendar.noExperts')}</p>;
  return (
    <section className="appointments-calendar section-stack" aria-labelledby="calendar-range">
      <div className="calendar-toolbar">
        <div className="field calendar-show">
          <label htmlFor="calendar-show">{t('admin.bookings.calendar.show')}</label>
          <select id="calendar-show" value={current} onChange={(e) => setShow(e.target.value)}>
            <optgroup label={t('admin.bookings.calendar.experts')}>
              {experts.map((e) => (
                <option key={e.id} value={`expert:${e.id}`}>
                  {e.name}
                </option>
              ))}
            </optgroup>
            {services.length > 0 && (
              <optgroup label={t('admin.bookings.calendar.services')}>
                {services.map((s) => (
                  <option key={s.value} value={`service:${s.value}`}>
                    {s.label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <div className="actions calendar-nav">
          <button type="button" className="button secondary" onClick={() => setAnchor(addDays(days[0]!, -step))}>
            {t(oneDay ? 'admin.bookings.calendar.previousDay' : 'admin.bookings.calendar.previousWeek')}
          </button>
          <button type="button" className="button secondary" onClick={() => setAnchor(localDateAt(new Date()))}>
            {t('admin.bookings.calendar.today')}
          </button>
          <button type="button" className="button secondary" onClick={() => setAnchor(addDays(days[0]!, step))}>
            {t(oneDay ? 'admin.bookings.calendar.nextDay' : 'admin.bookings.calendar.nextWeek')}
          </button>
        </div>
      </div>
      <h2 id="calendar-range" className="calendar-range">
        {range}
      </h2>
      {canEdit && <p className="hint">{t(narrow ? 'admin.bookings.calendar.hintNarrow' : 'admin.bookings.calendar.hint')}</p>}
      <div className="calendar-status">
        <p role="status" ref={statusRef} tabIndex={-1}>
          {done?.text}
        </p>
        {done?.undo && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void send(done.undo!, true)}>
            {t('admin.bookings.calendar.undo')}
          </button>
        )}
      </div>
      {!moving && <FormAlert message={failure ?? (week.isError ? t('staff.loadError') : undefined)} />}
      <div aria-busy={week.isFetching || busy}>
        <TimeGrid
          caption={t('admin.bookings.calendar.caption', { range, who: whoLabel })}
          days={days}
          items={items}
          lang={lang}
          variant={narrow ? 'list' : 'grid'}
          onOpen={canEdit ? onOpen : undefined}
          onDrop={canEdit && !narrow ? onDrop : undefined}
        />
      </div>
      {moving && (
        <CalendarMoveDialog
          item={moving}
          openTimes={(data?.appointments ?? []).filter((a) => a.id !== moving.id && isFreeOpenTime(a, now))}
          experts={experts}
          busy={busy}
          failure={failure}
          fields={fields}
          onMove={(target) => void send(changeFor(moving, target), false)}
          onClose={() => {
            setMoving(undefined);
            setFailure(undefined);
          }}
        />
      )}
      {inTheWay && (
        <ReplaceOpenTimesDialog
          openTimes={inTheWay.openTimes}
          busy={busy}
          onConfirm={() => void send({ ...inTheWay.change, body: { ...inTheWay.change.body, replaceOpenTimes: true } as MoveInput }, false)}
          onCancel={() => setInTheWay(undefined)}
        />
      )}
    </section>
  );
}
