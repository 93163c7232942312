import { describe, expect, test } from 'vitest';
import { isoWeekday, type TimeslotPlan } from '@prsp/contracts';
import { openTimeType, planIssues, planSlots } from './slot-generation';

const TZ = 'Europe/Helsinki';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function plan(over: Partial<TimeslotPlan>): TimeslotPlan {
  return {
    expertIds: [A],
    from: '2026-06-01',
    to: '2026-06-01',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '08:00',
    dayEnd: '10:00',
    slotMinutes: 30,
    breaks: [],
    serviceId: '00000000-0000-4000-8000-0000000000c1',
    ...over,
  };
}

const helsinki = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
const lengths = (slots: ReturnType<typeof planSlots>) => new Set(slots.map((s) => (s.endsAt.getTime() - s.startsAt.getTime()) / 60_000));
const distinct = (slots: ReturnType<typeof planSlots>) => new Set(slots.map((s) => s.startsAt.getTime())).size;

describe('planSlots', () => {
  test('an ordinary summer morning: 08:00–10:00 in 30-minute slots, in Helsinki time (UTC+3)', () => {
    const slots = planSlots(plan({}), TZ);
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-06-01T05:00:00.000Z',
      '2026-06-01T05:30:00.000Z',
      '2026-06-01T06:00:00.000Z',
      '2026-06-01T06:30:00.000Z',
    ]);
    expect(lengths(slots)).toEqual(new Set([30]));
  });

  test('winter time is UTC+2', () => {
    expect(planSlots(plan({ from: '2026-12-01', to: '2026-12-01' }), TZ)[0]!.startsAt.toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });

  test('spring changeover (last Sunday of March, 03:00 → 04:00): the skipped hour has no slot, none is doubled or of the wrong length', () => {
    // 2026-03-29: the wall clock goes from 02:59 to 04:00; the window 01:00–06:00 is four real hours.
    const slots = planSlots(plan({ from: '2026-03-29', to: '2026-03-29', dayStart: '01:00', dayEnd: '06:00' }), TZ);
    expect(slots).toHaveLength(8);
    expect(distinct(slots)).toBe(8);
    expect(lengths(slots)).toEqual(new Set([30]));
    expect(slots.map((s) => helsinki(s.startsAt))).toEqual(['01:00', '01:30', '02:00', '02:30', '04:00', '04:30', '05:00', '05:30']);
  });

  test('autumn changeover (last Sunday of October, 04:00 → 03:00): the repeated hour gets its own slots, none doubled', () => {
    // 2026-10-25: the wall clock shows 03:00–03:59 twice; the window 01:00–06:00 is six real hours.
    const slots = planSlots(plan({ from: '2026-10-25', to: '2026-10-25', dayStart: '01:00', dayEnd: '06:00' }), TZ);
    expect(slots).toHaveLength(12);
    expect(distinct(slots)).toBe(12);
    expect(lengths(slots)).toEqual(new Set([30]));
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.startsAt.getTime() - slots[i - 1]!.startsAt.getTime()).toBe(30 * 60_000);
  });

  test('a working day across both changeover weeks keeps the same local times, every slot its length', () => {
    for (const [from, to] of [
      ['2026-03-23', '2026-04-05'],
      ['2026-10-19', '2026-11-01'],
    ] as const) {
      const slots = planSlots(plan({ from, to, dayStart: '08:00', dayEnd: '16:00', slotMinutes: 45 }), TZ);
      expect(slots).toHaveLength(14 * 10);
      expect(distinct(slots)).toBe(140);
      expect(lengths(slots)).toEqual(new Set([45]));
      expect(new Set(slots.map((s) => helsinki(s.startsAt))).size).toBe(10);
    }
  });

  test('weekdays, daily breaks and several experts', () => {
    // 2026-06-01 is a Monday; only Mondays and Wednesdays, lunch 09:00–09:30.
    const slots = planSlots(
      plan({ expertIds: [A, B], from: '2026-06-01', to: '2026-06-07', weekdays: [1, 3], breaks: [{ start: '09:00', end: '09:30' }] }),
      TZ,
    );
    const days = new Set(slots.map((s) => s.startsAt.toISOString().slice(0, 10)));
    expect([...days]).toEqual(['2026-06-01', '2026-06-03']);
    // 08:00, 08:30, (break), 09:30 for each expert on each day.
    expect(slots.filter((s) => s.expertId === A).map((s) => helsinki(s.startsAt))).toEqual([
      '08:00',
      '08:30',
      '09:30',
      '08:00',
      '08:30',
      '09:30',
    ]);
    expect(slots.filter((s) => s.expertId === B)).toHaveLength(6);
  });

  test('a break that does not sit on the grid moves the next slot to its end; the last slot never runs past the window', () => {
    const slots = planSlots(plan({ dayEnd: '10:10', breaks: [{ start: '08:40', end: '08:50' }] }), TZ);
    expect(slots.map((s) => helsinki(s.startsAt))).toEqual(['08:00', '08:50', '09:20']);
  });
});

describe('isoWeekday and plan rules', () => {
  test('weekdays', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
  test('past, reversed, too long and impossible plans are refused field by field', () => {
    expect(planIssues(plan({}), '2026-05-01', 92)).toEqual([]);
    expect(planIssues(plan({ from: '2026-04-30' }), '2026-05-01', 92)).toContainEqual({ field: 'from', key: 'pastDate' });
    expect(planIssues(plan({ to: '2026-05-31' }), '2026-05-01', 92)).toContainEqual({ field: 'to', key: 'beforeStart' });
    expect(planIssues(plan({ to: '2026-12-31' }), '2026-05-01', 92)).toContainEqual({ field: 'to', key: 'tooLong' });
    expect(planIssues(plan({ dayEnd: '08:00' }), '2026-05-01', 92)).toContainEqual({ field: 'dayEnd', key: 'beforeStart' });
    expect(planIssues(plan({ from: '2026-02-30' }), '2026-01-01', 92)).toEqual([{ field: 'from', key: 'invalid' }]);
    expect(planIssues(plan({ expertIds: [A, A] }), '2026-05-01', 92)).toContainEqual({ field: 'expertIds', key: 'duplicate' });
  });
});

describe('openTimeType', () => {
  test.each([
    [undefined, 'chat', 'oneOnOne'],
    [undefined, 'video', 'basic'],
    ['video', 'chat', 'basic'],
    ['chat', 'video', 'oneOnOne'],
  ] as const)('picked %s on a %s service: open times are stored as %s', (picked, serviceKind, type) => {
    expect(openTimeType(picked, serviceKind)).toBe(type);
  });
});
