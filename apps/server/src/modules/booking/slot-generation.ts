import {
  addDays,
  atLocalTime,
  dayCount,
  isLocalDate,
  isoWeekday,
  type LocalDate,
  type OpenTimeKind,
  type TimeslotPlan,
} from '@prsp/contracts';
import type { FieldIssue } from '../../platform/field-errors';

export type PlannedSlot = { expertId: string; startsAt: Date; endsAt: Date };

const MINUTE = 60_000;

function hm(value: string): [number, number] {
  const [h, m] = value.split(':').map(Number);
  return [h!, m!];
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** The instants a wall-clock window `start`–`end` covers on `date` in `timeZone`. */
export function localWindow(date: LocalDate, start: string, end: string, timeZone: string): { from: Date; to: Date } {
  return { from: atLocalTime(date, ...hm(start), timeZone), to: atLocalTime(date, ...hm(end), timeZone) };
}

/**
 * The slots a plan opens, per expert, day and slot, by start. Days and the working window are the organisation's
 * wall clock; slots are then cut from the window in elapsed time, so on the spring changeover no slot is made for
 * the hour the clock skips (none of the wrong length) and in autumn the repeated hour gets its own slots (distinct
 * instants, none doubled). A slot that would overlap a daily break or run past the window's end is left out.
 */
export function planSlots(plan: Omit<TimeslotPlan, 'serviceId' | 'kind'>, timeZone: string): PlannedSlot[] {
  const slotMs = plan.slotMinutes * MINUTE;
  const weekdays = new Set(plan.weekdays);
  const slots: PlannedSlot[] = [];
  for (const date of datesBetween(plan.from, plan.to)) {
    if (!weekdays.has(isoWeekday(date))) continue;
    const day = localWindow(date, plan.dayStart, plan.dayEnd, timeZone);
    const breaks = plan.breaks.map((b) => localWindow(date, b.start, b.end, timeZone));
    for (let start = day.from.getTime(); start + slotMs <= day.to.getTime();) {
      const end = start + slotMs;
      const clash = breaks.find((b) => start < b.to.getTime() && b.from.getTime() < end);
      if (clash) {
        // Continue from the end of the break, so the afternoon keeps the slot grid from the break's end.
        start = Math.max(clash.to.getTime(), start + MINUTE);
        continue;
      }
      for (const expertId of plan.expertIds) slots.push({ expertId, startsAt: new Date(start), endsAt: new Date(end) });
      start = end;
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.expertId.localeCompare(b.expertId));
}

/** The rules of a plan the schema cannot see: real dates, an order, a span, windows that make sense. */
export function planIssues(plan: TimeslotPlan, today: LocalDate, maxDays: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!isLocalDate(plan.from)) issues.push({ field: 'from', key: 'invalid' });
  if (!isLocalDate(plan.to)) issues.push({ field: 'to', key: 'invalid' });
  if (issues.length > 0) return issues;
  if (plan.from < today) issues.push({ field: 'from', key: 'pastDate' });
  if (plan.to < plan.from) issues.push({ field: 'to', key: 'beforeStart' });
  else if (dayCount(plan.from, plan.to) > maxDays) issues.push({ field: 'to', key: 'tooLong' });
  if (plan.dayEnd <= plan.dayStart) issues.push({ field: 'dayEnd', key: 'beforeStart' });
  plan.breaks.forEach((b, i) => {
    if (b.end <= b.start) issues.push({ field: `breaks.${i}.end`, key: 'beforeStart' });
  });
  if (new Set(plan.expertIds).size !== plan.expertIds.length) issues.push({ field: 'expertIds', key: 'duplicate' });
  return issues;
}

/**
 * The stored type of a plan's open times (issue 29: open times carry their kind): the kind the admin picked, else the
 * service's own; a chat is a one-to-one `oneOnOne`, a video a one-to-one `basic`.
 */
export function openTimeType(picked: OpenTimeKind | undefined, serviceKind: OpenTimeKind): 'oneOnOne' | 'basic' {
  return (picked ?? serviceKind) === 'video' ? 'basic' : 'oneOnOne';
}
