import { localDateTimeAt, SERVICE_TIME_ZONE, type LocalDate } from '@prsp/contracts';

/**
 * The pure layout of the week and day calendars (time-grid.tsx): where an item sits in its day's column and how
 * overlapping items share the column's width. Times go by the wall clock of `timeZone`, so every day's column has the
 * same rows: on the autumn changeover the repeated hour's items sit side by side as overlapping ones, and on the spring
 * one an item over the skipped hour is drawn by its wall-clock times (its length in minutes is one hour less).
 */

/** Anything with a start and an end, as epoch milliseconds. */
export type Span = { start: number; end: number };

/** Minutes after local midnight of `date` that the wall clock shows at `instant`: 0 before that day, 1440 after it. */
export function wallMinutesOn(date: LocalDate, instant: number, timeZone: string = SERVICE_TIME_ZONE): number {
  const at = localDateTimeAt(instant, timeZone);
  if (at.date < date) return 0;
  if (at.date > date) return 24 * 60;
  const [h, m] = at.time.split(':').map(Number);
  return h! * 60 + m!;
}

/** An item's place on one day, in wall-clock minutes, clipped to the day; undefined when it is not on that day. */
export function placeOnDay(date: LocalDate, span: Span, timeZone: string = SERVICE_TIME_ZONE): { top: number; bottom: number } | undefined {
  if (localDateTimeAt(span.start, timeZone).date > date || localDateTimeAt(span.end, timeZone).date < date) return undefined;
  const top = wallMinutesOn(date, span.start, timeZone);
  const bottom = wallMinutesOn(date, span.end, timeZone);
  if (span.end <= span.start || (bottom === 0 && top === 0)) return undefined;
  // The autumn repeat can make the end read earlier than the start: keep such an item a quarter high.
  return bottom > top ? { top, bottom } : { top, bottom: Math.min(top + 15, 24 * 60) };
}

/** A placed item's column among the items it overlaps: `column` of `columns`, counted from 0. */
export type Placed<T> = { item: T; top: number; bottom: number; column: number; columns: number };

/**
 * Places the items of one day and splits overlapping ones into side-by-side columns: items that overlap one another
 * (directly or through a chain) form a cluster, each takes the first column free at its start, and every item of the
 * cluster is as wide as the cluster's column count allows.
 */
export function layoutDay<T extends Span>(date: LocalDate, items: readonly T[], timeZone: string = SERVICE_TIME_ZONE): Placed<T>[] {
  const placed = items
    .map((item) => ({ item, at: placeOnDay(date, item, timeZone) }))
    .filter((p): p is { item: T; at: { top: number; bottom: number } } => p.at !== undefined)
    .sort((a, b) => a.at.top - b.at.top || b.at.bottom - a.at.bottom);
  const out: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const { item, at } of placed) {
    if (at.top >= clusterEnd) close();
    let column = columnEnds.findIndex((end) => end <= at.top);
    if (column === -1) column = columnEnds.push(at.bottom) - 1;
    else columnEnds[column] = at.bottom;
    const p: Placed<T> = { item, top: at.top, bottom: at.bottom, column, columns: 1 };
    cluster.push(p);
    out.push(p);
    clusterEnd = Math.max(clusterEnd, at.bottom);
  }
  close();
  return out;
}

/**
 * The hours the grid shows: from `first` to `last` at least (a working day), widened to whole hours around every item
 * of the days shown.
 */
export function visibleHours(
  days: readonly LocalDate[],
  items: readonly Span[],
  timeZone = SERVICE_TIME_ZONE,
  first = 8,
  last = 16,
): [number, number] {
  let from = first * 60;
  let to = last * 60;
  for (const day of days) {
    for (const item of items) {
      const at = placeOnDay(day, item, timeZone);
      if (!at) continue;
      from = Math.min(from, at.top);
      to = Math.max(to, at.bottom);
    }
  }
  return [Math.floor(from / 60), Math.ceil(to / 60)];
}

/** `HH:MM` of a minute of the day (for a drop at a free time). */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
