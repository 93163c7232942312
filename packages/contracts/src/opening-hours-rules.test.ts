import { describe, expect, test } from 'vitest';
import type { OpeningHours } from './chat';
import { clockMinutes, openingHoursIssues } from './opening-hours-rules';
import { ZServiceInput } from './services-admin';

const hours = (over: Partial<OpeningHours>): OpeningHours => ({ alwaysOpen: false, closed: false, weekly: [], exceptions: [], ...over });

describe('openingHoursIssues', () => {
  test('a week with a lunch break and exceptions is fine; touching ranges do not overlap', () => {
    expect(
      openingHoursIssues(
        hours({
          weekly: [
            { weekday: 1, opens: '08:00', closes: '12:00' },
            { weekday: 1, opens: '12:00', closes: '16:00' },
            { weekday: 2, opens: '08:00', closes: '16:00' },
          ],
          exceptions: [
            { date: '2026-12-24', closed: true },
            { date: '2026-12-31', closed: false, opens: '08:00', closes: '12:00' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  test('a range that closes at or before it opens: on its closing time', () => {
    expect(
      openingHoursIssues(
        hours({
          weekly: [
            { weekday: 3, opens: '10:00', closes: '10:00' },
            { weekday: 4, opens: '16:00', closes: '08:00' },
          ],
        }),
      ),
    ).toEqual([
      { path: ['weekly', 0, 'closes'], message: 'beforeStart' },
      { path: ['weekly', 1, 'closes'], message: 'beforeStart' },
    ]);
  });

  test('overlapping ranges of one weekday: the later one is marked, other weekdays are not compared', () => {
    expect(
      openingHoursIssues(
        hours({
          weekly: [
            { weekday: 5, opens: '12:00', closes: '18:00' },
            { weekday: 5, opens: '08:00', closes: '13:00' },
            { weekday: 6, opens: '08:00', closes: '13:00' },
            { weekday: 5, opens: '08:00', closes: '09:00' },
          ],
        }),
      ),
    ).toEqual([
      { path: ['weekly', 0, 'opens'], message: 'hoursOverlap' },
      { path: ['weekly', 3, 'opens'], message: 'hoursOverlap' },
    ]);
  });

  test('an open exception needs its hours in order; a date once; a real calendar date', () => {
    expect(
      openingHoursIssues(
        hours({
          exceptions: [
            { date: '2026-05-01', closed: false },
            { date: '2026-05-02', closed: false, opens: '12:00', closes: '09:00' },
            { date: '2026-05-02', closed: true },
            { date: '2026-02-30', closed: true },
          ],
        }),
      ),
    ).toEqual([
      { path: ['exceptions', 0, 'opens'], message: 'required' },
      { path: ['exceptions', 0, 'closes'], message: 'required' },
      { path: ['exceptions', 1, 'closes'], message: 'beforeStart' },
      { path: ['exceptions', 2, 'date'], message: 'hoursOverlap' },
      { path: ['exceptions', 3, 'date'], message: 'date' },
    ]);
  });

  test('malformed clocks are left to the format check', () => {
    expect(clockMinutes('24:00')).toBeUndefined();
    expect(clockMinutes('07:30')).toBe(450);
    expect(openingHoursIssues(hours({ weekly: [{ weekday: 1, opens: '', closes: '08:00' }] }))).toEqual([]);
  });
});

describe('ZServiceInput carries the opening hours', () => {
  const service = {
    name: { fi: 'Hoitaja', se: 'Skötare', en: 'Nurse' },
    description: { fi: '', se: '', en: '' },
    icon: 'nurse',
    chatQueueId: 'espoo-nurse',
    requiresCode: false,
    selfAssessment: 'none',
    areas: [],
  };

  test('optional; when given, its rules are the field errors under openingHours', () => {
    expect(ZServiceInput.safeParse(service).success).toBe(true);
    const result = ZServiceInput.safeParse({
      ...service,
      openingHours: hours({ weekly: [{ weekday: 1, opens: '09:00', closes: '08:00' }] }),
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['openingHours.weekly.0.closes', 'beforeStart']]);
  });
});
