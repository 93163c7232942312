import type { HoursException, OpeningHours, WeeklyHours } from '@prsp/contracts';

/** ISO weekdays in the order the form lists them: Monday first, as Finnish calendars do. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A new day's first range: office hours, the usual case, for the admin to adjust. */
const FIRST_RANGE = { opens: '08:00', closes: '16:00' };

/** One weekday's ranges with their places in `weekly`, so each field finds its server error (`weekly.3.closes`). */
export function rangesOf(hours: OpeningHours, weekday: number): { index: number; range: WeeklyHours }[] {
  return hours.weekly.flatMap((range, index) => (range.weekday === weekday ? [{ index, range }] : []));
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (value: string) => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};

/**
 * Adds a range to a weekday: office hours on an empty day; after the day's last range otherwise (from its closing
 * time, two hours long, never past midnight), so a lunch break is two clicks and a time change away.
 */
export function addRange(hours: OpeningHours, weekday: number): OpeningHours {
  const last = rangesOf(hours, weekday).at(-1)?.range;
  const from = last ? minutesOf(last.closes) : undefined;
  const range =
    from === undefined
      ? { weekday, ...FIRST_RANGE }
      : { weekday, opens: clock(Math.min(from, 22 * 60)), closes: clock(Math.min(from + 120, 23 * 60 + 59)) };
  return { ...hours, weekly: [...hours.weekly, range] };
}

export function updateRange(hours: OpeningHours, index: number, patch: Partial<Pick<WeeklyHours, 'opens' | 'closes'>>): OpeningHours {
  return { ...hours, weekly: hours.weekly.map((r, i) => (i === index ? { ...r, ...patch } : r)) };
}

export function removeRange(hours: OpeningHours, index: number): OpeningHours {
  return { ...hours, weekly: hours.weekly.filter((_, i) => i !== index) };
}

/** Copies one weekday's ranges to the other working days (Monday to Friday), replacing theirs. */
export function copyToWorkdays(hours: OpeningHours, weekday: number): OpeningHours {
  const source = rangesOf(hours, weekday).map(({ range }) => range);
  const workdays = [1, 2, 3, 4, 5].filter((d) => d !== weekday);
  const kept = hours.weekly.filter((r) => !workdays.includes(r.weekday));
  const copies = workdays.flatMap((d) => source.map((r) => ({ ...r, weekday: d })));
  return { ...hours, weekly: [...kept, ...copies].sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens)) };
}

/** A new exception, closed all day (the usual reason: a public holiday), on `date` (the form passes today). */
export function addException(hours: OpeningHours, date: string): OpeningHours {
  return { ...hours, exceptions: [...hours.exceptions, { date, closed: true }] };
}

/**
 * Changes an exception. Opening it (closed all day → off) gives it office hours to start from; closing it again drops
 * its hours, so what is saved is what the form shows.
 */
export function updateException(hours: OpeningHours, index: number, patch: Partial<HoursException>): OpeningHours {
  return {
    ...hours,
    exceptions: hours.exceptions.map((e, i) => {
      if (i !== index) return e;
      const next = { ...e, ...patch };
      if (next.closed) return { date: next.date, closed: true };
      return { ...next, opens: next.opens ?? FIRST_RANGE.opens, closes: next.closes ?? FIRST_RANGE.closes };
    }),
  };
}

export function removeException(hours: OpeningHours, index: number): OpeningHours {
  return { ...hours, exceptions: hours.exceptions.filter((_, i) => i !== index) };
}

/**
 * The hours a save sends: only when the admin changed them, or for a new queue (which takes what the form shows).
 * Left out, the server keeps the queue's own; so choosing another existing queue does not overwrite its hours with
 * those the form loaded from the previous one.
 */
export function hoursToSend(initial: OpeningHours, current: OpeningHours, createQueue: boolean): OpeningHours | undefined {
  return createQueue || JSON.stringify(initial) !== JSON.stringify(current) ? current : undefined;
}
