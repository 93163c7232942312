import { addDays, atLocalTime, canonicalTimeZone, localDateAt, SERVICE_TIME_ZONE } from '@prsp/contracts';

/**
 * When a recurring job runs:
 * - `{ everyMs }`: once per period of that length, periods counted from the Unix epoch (an hour starts on the hour, UTC);
 * - `{ dailyAt: 'HH:MM', timeZone? }`: once a day when the wall clock there (Helsinki by default) shows that time.
 */
export type JobSchedule = { everyMs: number } | { dailyAt: string; timeZone?: string };

/** One period of a schedule: its key (the job's singleton key, so it is enqueued once) and when it is due. */
export type SchedulePeriod = { key: string; runAt: Date };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Throws on a schedule that can never run, so a mistake shows at start and not as silence. */
export function assertSchedule(schedule: JobSchedule): void {
  if ('everyMs' in schedule) {
    if (!Number.isInteger(schedule.everyMs) || schedule.everyMs < 1000)
      throw new Error(`job schedule: everyMs must be a whole number ≥ 1000`);
    return;
  }
  if (!HH_MM.test(schedule.dailyAt)) throw new Error(`job schedule: dailyAt must be HH:MM, got ${schedule.dailyAt}`);
  canonicalTimeZone(schedule.timeZone ?? SERVICE_TIME_ZONE); // a RangeError for an unknown zone
}

/**
 * The period `now` falls in: the latest moment the schedule named at or before `now`. A runner enqueues the job of the
 * current period with this key, so a period missed while no instance ran is caught up at the next start, and every
 * instance that declares the schedule enqueues the same job.
 */
export function currentPeriod(schedule: JobSchedule, now: Date): SchedulePeriod {
  if ('everyMs' in schedule) {
    const start = Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs;
    return { key: new Date(start).toISOString(), runAt: new Date(start) };
  }
  const timeZone = schedule.timeZone ?? SERVICE_TIME_ZONE;
  const [, hh, mm] = HH_MM.exec(schedule.dailyAt) ?? [];
  const hour = Number(hh);
  const minute = Number(mm);
  const today = localDateAt(now, timeZone);
  const todays = atLocalTime(today, hour, minute, timeZone);
  if (now.getTime() >= todays.getTime()) return { key: today, runAt: todays };
  const yesterday = addDays(today, -1);
  return { key: yesterday, runAt: atLocalTime(yesterday, hour, minute, timeZone) };
}
