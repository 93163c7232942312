import type { FieldMessageKey } from './field-messages';
import type { OpeningHours } from './chat';
import { isLocalDate } from './local-date';

export type OpeningHoursIssue = { path: (string | number)[]; message: FieldMessageKey };

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of an `HH:MM` clock; undefined for anything else (its own format check reports it). */
export function clockMinutes(clock: string | undefined): number | undefined {
  if (clock === undefined || !CLOCK.test(clock)) return undefined;
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** A real calendar date; anything not shaped `YYYY-MM-DD` passes here, as the format check of the date reports it. */
const isCalendarDate = (value: string) => !DATE.test(value) || isLocalDate(value);

/**
 * What the queue's opening hours must satisfy beyond their shape, so that "open now" has one answer: every range
 * opens before it closes, the ranges of one weekday do not overlap (touching, 12:00–13:00 then 13:00–16:00, is fine),
 * an exception that is not closed all day has its own hours, and a date has at most one exception. Each problem
 * lands on the field the admin fixes: `closes` for a range that ends too early, `opens` of the later of two ranges
 * that overlap. The admin form and the server both run it (through `ZServiceInput`).
 */
export function openingHoursIssues(hours: OpeningHours): OpeningHoursIssue[] {
  const issues: OpeningHoursIssue[] = [];
  const ranges = hours.weekly.map((r, i) => ({ i, weekday: r.weekday, opens: clockMinutes(r.opens), closes: clockMinutes(r.closes) }));
  for (const r of ranges)
    if (r.opens !== undefined && r.closes !== undefined && r.opens >= r.closes)
      issues.push({ path: ['weekly', r.i, 'closes'], message: 'beforeStart' });
  const valid = ranges.filter((r) => r.opens !== undefined && r.closes !== undefined && r.opens < r.closes);
  for (const r of valid) {
    const overlaps = valid.some(
      (o) =>
        o.i !== r.i &&
        o.weekday === r.weekday &&
        o.opens! < r.closes! &&
        r.opens! < o.closes! &&
        (o.opens! < r.opens! || (o.opens === r.opens && o.i < r.i)),
    );
    if (overlaps) issues.push({ path: ['weekly', r.i, 'opens'], message: 'hoursOverlap' });
  }
  const seen = new Set<string>();
  hours.exceptions.forEach((e, i) => {
    if (!isCalendarDate(e.date)) issues.push({ path: ['exceptions', i, 'date'], message: 'date' });
    else if (seen.has(e.date)) issues.push({ path: ['exceptions', i, 'date'], message: 'hoursOverlap' });
    seen.add(e.date);
    if (e.closed) return;
    if (e.opens === undefined) issues.push({ path: ['exceptions', i, 'opens'], message: 'required' });
    if (e.closes === undefined) issues.push({ path: ['exceptions', i, 'closes'], message: 'required' });
    const [opens, closes] = [clockMinutes(e.opens), clockMinutes(e.closes)];
    if (opens !== undefined && closes !== undefined && opens >= closes)
      issues.push({ path: ['exceptions', i, 'closes'], message: 'beforeStart' });
  });
  return issues;
}
