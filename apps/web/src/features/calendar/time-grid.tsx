import './time-grid.css';
import './calendar-texts';
import './time-grid-extras.css';
import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { SERVICE_TIME_ZONE, type Language, type LocalDate } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { nowMark } from './now-line';
import { clockOf, layoutDay, visibleHours } from './time-grid-layout';

/**
 * One thing in the calendar: an appointment, an open time, a break. `lines` are its visible texts (the first in bold),
 * `label` what a screen reader says for it (begin it with the visible text: time, kind, state, names). `tone` picks
 * its look (`open`, `booked`, `group`, `break`, `muted`; the text must say the same, colour is never the only sign).
 */
export type TimeGridItem = {
  id: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  lines: string[];
  label: string;
  tone: 'open' | 'booked' | 'group' | 'break' | 'muted';
  /** A pointer may drag it (the keyboard way is the caller's own Move dialog, opened from `onOpen`). */
  draggable?: boolean;
  /** A dragged item may be dropped on it (an open time). */
  dropTarget?: boolean;
  /** Shown, not a button (a break). */
  inert?: boolean;
  /**
   * Something to do with the item beside its button (the expert's Start or Join, issue 33): shown in the item's box,
   * after the item's button in the tab order. Keep it one small control with its own full accessible name.
   */
  action?: ReactNode;
};

/** Where a dragged item was dropped: on another item, or on a free quarter of a day (`time` is `HH:MM`). */
export type TimeGridDrop = { itemId: string; target: { itemId: string } | { date: LocalDate; time: string } };

export type TimeGridProps = {
  /** The grid's accessible name ('Week 49, Anna Asiantuntija'). */
  caption: string;
  days: readonly LocalDate[];
  items: readonly TimeGridItem[];
  lang: Language;
  /** `grid`: days side by side over time rows; `list`: each day's items in order (narrow screens). */
  variant?: 'grid' | 'list';
  timeZone?: string;
  /** Activating (click, Enter, Space) an item that is not inert. */
  onOpen?: (item: TimeGridItem) => void;
  /** A pointer drag ended over a drop target; free quarters are drop targets only when this is given. */
  onDrop?: (drop: TimeGridDrop) => void;
  /**
   * The current time (epoch ms) and what the line says ('Now 10.42', read by screen readers where it stands among the
   * day's items): a line across today's column when today is among `days` (now-line.ts). Re-render to move it.
   */
  now?: { at: number; label: string };
};

const QUARTER = 15;

function dayHeading(date: LocalDate, lang: Language): string {
  const locale = lang === 'se' ? 'sv-FI' : lang === 'en' ? 'en-GB' : 'fi-FI';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The drop target under a point: an item that takes drops, or a free quarter. */
function dropAt(x: number, y: number): TimeGridDrop['target'] | undefined {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-item],[data-drop-date]');
  if (!el) return undefined;
  if (el.dataset.dropItem) return { itemId: el.dataset.dropItem };
  return { date: el.dataset.dropDate!, time: el.dataset.dropTime! };
}

const targetKey = (t: TimeGridDrop['target'] | undefined) => (!t ? '' : 'itemId' in t ? t.itemId : `${t.date} ${t.time}`);

/** Dragging with a pointer (mouse, pen, touch): the item follows the pointer and is dropped where the pointer is let go. */
function usePointerDrag(onDrop: TimeGridProps['onDrop']) {
  const [dragging, setDragging] = useState<string>();
  const [over, setOver] = useState('');
  const justDropped = useRef(false);
  const stop = useRef<() => void>(undefined);
  useEffect(() => () => stop.current?.(), []);

  const start = (e: ReactPointerEvent<HTMLElement>, item: TimeGridItem) => {
    if (!onDrop || !item.draggable || e.button !== 0 || !e.isPrimary) return;
    const el = e.currentTarget;
    const from = { x: e.clientX, y: e.clientY };
    let moved = false;
    const finish = (drop: boolean, x: number, y: number) => {
      stop.current?.();
      el.style.transform = '';
      el.style.pointerEvents = '';
      setDragging(undefined);
      setOver('');
      if (!moved) return;
      justDropped.current = true;
      setTimeout(() => (justDropped.current = false));
      const target = drop ? dropAt(x, y) : undefined;
      if (target && !('itemId' in target && target.itemId === item.id)) onDrop({ itemId: item.id, target });
    };
    const move = (ev: PointerEvent) => {
      if (!moved && Math.hypot(ev.clientX - from.x, ev.clientY - from.y) < 5) return;
      moved = true;
      // Out of the way of elementFromPoint at once, before the class that says so is rendered.
      el.style.pointerEvents = 'none';
      setDragging(item.id);
      el.style.transform = `translate(${ev.clientX - from.x}px, ${ev.clientY - from.y}px)`;
      setOver(targetKey(dropAt(ev.clientX, ev.clientY)));
    };
    const up = (ev: PointerEvent) => finish(true, ev.clientX, ev.clientY);
    const cancel = () => finish(false, 0, 0);
    const key = (ev: globalThis.KeyboardEvent) => ev.key === 'Escape' && cancel();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    stop.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      stop.current = undefined;
    };
  };
  return { dragging, over, start, justDropped };
}

/** Arrow keys between the items: up and down within a day, left and right to the nearest item of the next day. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const step = keys[e.key];
  const from = (e.target as HTMLElement).closest<HTMLElement>('[data-tg-day]');
  if (!step || !from) return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-tg-day]')];
  const day = Number(from.dataset.tgDay);
  const top = Number(from.dataset.tgTop);
  let next: HTMLElement | undefined;
  if (step[1] !== 0) {
    const same = all.filter((el) => Number(el.dataset.tgDay) === day);
    next = same[same.indexOf(from) + step[1]];
  } else {
    for (let d = day + step[0]; !next && d >= 0 && d <= 6; d += step[0]) {
      const there = all.filter((el) => Number(el.dataset.tgDay) === d);
      next = there.sort((a, b) => Math.abs(Number(a.dataset.tgTop) - top) - Math.abs(Number(b.dataset.tgTop) - top))[0];
    }
  }
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/**
 * The week and day calendar of the staff areas (admin appointments, the expert's own calendar): a table with a
 * column per day under its heading, each day's items placed by their wall-clock time in `timeZone` (Helsinki), side
 * by side when they overlap (time-grid-layout.ts). Every item that is not inert is a button in the tab order, named
 * by its `label`; arrow keys move between items. With `onDrop`, a pointer drags items that are `draggable` onto
 * items that are `dropTarget` or onto a free quarter of a day; give keyboard users a dialog for the same move.
 */
export function TimeGrid({
  caption,
  days,
  items,
  lang,
  variant = 'grid',
  timeZone = SERVICE_TIME_ZONE,
  onOpen,
  onDrop,
  now,
}: TimeGridProps) {
  const { t } = useTranslation();
  const drag = usePointerDrag(onDrop);
  const open = (item: TimeGridItem) => {
    if (!drag.justDropped.current) onOpen?.(item);
  };
  const itemProps = (item: TimeGridItem, dayIndex: number, top: number) => ({
    className: `tg-item tone-${item.tone}${drag.dragging === item.id ? ' dragging' : ''}${drag.over === item.id ? ' drop-over' : ''}${item.draggable && onDrop ? ' can-drag' : ''}`,
    'data-drop-item': item.dropTarget && onDrop ? item.id : undefined,
    'data-tg-day': item.inert ? undefined : dayIndex,
    'data-tg-top': top,
  });
  const content = (item: TimeGridItem) => (
    <>
      {/* A space between the lines: the visible text reads as words, as the label does (WCAG 2.5.3 label in name). */}
      {item.lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className={i === 0 ? 'tg-line first' : 'tg-line'} aria-hidden={item.inert ? undefined : true}>
            {line}
          </span>
        </Fragment>
      ))}
      {item.inert && <span className="visually-hidden">{item.label}</span>}
    </>
  );
  const bare = (item: TimeGridItem, dayIndex: number, top: number, style?: React.CSSProperties) =>
    item.inert ? (
      <div key={item.id} {...itemProps(item, dayIndex, top)} style={style}>
        {content(item)}
      </div>
    ) : (
      <button
        key={item.id}
        type="button"
        {...itemProps(item, dayIndex, top)}
        style={style}
        aria-label={item.label}
        onClick={() => open(item)}
        onPointerDown={(e) => drag.start(e, item)}
      >
        {content(item)}
      </button>
    );
  // An item with an action: its box holds the item's button and the action (time-grid-extras.css).
  const element = (item: TimeGridItem, dayIndex: number, top: number, style?: React.CSSProperties) =>
    item.action === undefined ? (
      bare(item, dayIndex, top, style)
    ) : (
      <div key={item.id} className="tg-slot" style={style}>
        {bare(item, dayIndex, top)}
        <div className="tg-action">{item.action}</div>
      </div>
    );
  const mark = now && nowMark(days, now.at, timeZone);
  /** The day's nodes with the 'now' line put before the first item that starts after it (today's column only). */
  const withNow = (dayIndex: number, nodes: ReactNode[], tops: number[], line: () => ReactNode): ReactNode[] => {
    if (!mark || mark.dayIndex !== dayIndex) return nodes;
    const at = tops.findIndex((top) => top > mark.minutes);
    return at === -1 ? [...nodes, line()] : [...nodes.slice(0, at), line(), ...nodes.slice(at)];
  };

  if (variant === 'list') {
    return (
      <section className="time-list" aria-label={caption} onKeyDown={moveFocus}>
        {days.map((day, d) => {
          const placed = layoutDay(day, items, timeZone);
          return (
            <div key={day} className="time-list-day">
              <h3>{dayHeading(day, lang)}</h3>
              {placed.length === 0 ? (
                <p className="hint">{t('calendar.empty')}</p>
              ) : (
                <ul>
                  {withNow(
                    d,
                    placed.map((p) => <li key={p.item.id}>{element(p.item, d, p.top)}</li>),
                    placed.map((p) => p.top),
                    () => (
                      <li key="now" className="tg-now-row">
                        {now?.label}
                      </li>
                    ),
                  )}
                </ul>
              )}
            </div>
          );
        })}
      </section>
    );
  }

  const [fromHour, toHour] = visibleHours(days, now ? [...items, { start: now.at, end: now.at + 60_000 }] : items, timeZone);
  const quarters = Array.from({ length: ((toHour - fromHour) * 60) / QUARTER }, (_, i) => fromHour * 60 + i * QUARTER);
  const offset = (minutes: number) => `calc(${(minutes - fromHour * 60) / QUARTER} * var(--tg-quarter))`;
  return (
    <div className="time-grid-scroll">
      <table className="time-grid" aria-label={caption} onKeyDown={moveFocus} style={{ ['--tg-days' as string]: days.length }}>
        <thead>
          <tr>
            <th scope="col" className="tg-axis-head">
              <span className="visually-hidden">{t('calendar.time')}</span>
            </th>
            {days.map((day) => (
              <th key={day} scope="col" id={`tg-${day}`}>
                {dayHeading(day, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="tg-axis" aria-hidden="true" style={{ height: offset(toHour * 60) }}>
              {Array.from({ length: toHour - fromHour }, (_, i) => (
                <span key={i} style={{ top: offset((fromHour + i) * 60) }}>
                  {clockOf((fromHour + i) * 60)}
                </span>
              ))}
            </td>
            {days.map((day, d) => (
              <td key={day} headers={`tg-${day}`} className="tg-day">
                {onDrop &&
                  quarters.map((m) => {
                    const time = clockOf(m);
                    return (
                      <div
                        key={m}
                        aria-hidden="true"
                        className={`tg-quarter${m % 60 === 0 ? ' hour' : ''}${drag.over === `${day} ${time}` ? ' drop-over' : ''}`}
                        data-drop-date={day}
                        data-drop-time={time}
                      />
                    );
                  })}
                {(() => {
                  const placed = layoutDay(day, items, timeZone);
                  return withNow(
                    d,
                    placed.map((p) =>
                      element(p.item, d, p.top, {
                        top: offset(p.top),
                        height: `calc(${(p.bottom - p.top) / QUARTER} * var(--tg-quarter) - 2px)`,
                        left: `${(p.column / p.columns) * 100}%`,
                        width: `${100 / p.columns}%`,
                      }),
                    ),
                    placed.map((p) => p.top),
                    () => (
                      <div key="now" className="tg-now" style={{ top: offset(mark!.minutes) }}>
                        <span>{now?.label}</span>
                      </div>
                    ),
                  );
                })()}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
