import { localDateTimeAt, SERVICE_TIME_ZONE, type LocalDate } from '@prsp/contracts';

/**
 * Where the calendar's 'now' line stands: the column of the day shown that is today in `timeZone`, at the minute of
 * the day the wall clock shows (so on a daylight-saving day it sits where the clock says, as the items do). Undefined
 * when none of the days shown is today.
 */
export function nowMark(
  days: readonly LocalDate[],
  at: number,
  timeZone: string = SERVICE_TIME_ZONE,
): { dayIndex: number; minutes: number } | undefined {
  const wall = localDateTimeAt(at, timeZone);
  const dayIndex = days.indexOf(wall.date);
  if (dayIndex === -1) return undefined;
  const [h, m] = wall.time.split(':').map(Number);
  return { dayIndex, minutes: h! * 60 + m! };
}
