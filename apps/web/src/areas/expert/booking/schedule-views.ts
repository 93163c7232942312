import { addDays, isoWeekday, isLocalDate, SCHEDULE_MAX_DAYS, type LocalDate } from '@prsp/contracts';

/**
 * The expert's schedule views (issue 33): the day as a list (the table, the view a screen reader reads best and the
 * one a phone shows), the day as a time grid, and the week (Monday to Sunday) as a time grid.
 */
export type ScheduleView = 'list' | 'day' | 'week';
export const SCHEDULE_VIEWS: readonly ScheduleView[] = ['list', 'day', 'week'];

/** The view from the page address (`?view=`); the list when missing or unknown. */
export function viewOf(value: string | null): ScheduleView {
  return (SCHEDULE_VIEWS as readonly string[]).includes(value ?? '') ? (value as ScheduleView) : 'list';
}

/** The Monday of the ISO week `date` is in. */
export function weekStart(date: LocalDate): LocalDate {
  return addDays(date, 1 - isoWeekday(date));
}

/** The seven dates of the week that begins on `monday`. */
export function weekDays(monday: LocalDate): LocalDate[] {
  return Array.from({ length: SCHEDULE_MAX_DAYS }, (_, i) => addDays(monday, i));
}

/** The ISO week number of `date` (weeks begin on Monday; week 1 holds the year's first Thursday), as Finnish calendars show it. */
export function isoWeekNumber(date: LocalDate): number {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const january4 = `${thursday.slice(0, 4)}-01-04`;
  const firstThursday = addDays(weekStart(january4), 3);
  return Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstThursday}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
}

/** What the schedule asks the server for: the day itself, or the week around it from its Monday. */
export function scheduleRange(view: ScheduleView, date: LocalDate): { from: LocalDate; days: 1 | 7 } {
  return view === 'week' ? { from: weekStart(date), days: 7 } : { from: date, days: 1 };
}

/**
 * The page address of a view and a date: the defaults (the list, today) left out, so the menu's plain
 * `/expert/schedule` is today's list.
 */
export function scheduleSearch(view: ScheduleView, date: LocalDate, today: LocalDate): Record<string, string> {
  const search: Record<string, string> = {};
  if (view !== 'list') search.view = view;
  if (date !== today && isLocalDate(date)) search.date = date;
  return search;
}
