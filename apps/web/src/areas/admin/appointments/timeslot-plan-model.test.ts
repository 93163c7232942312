import { describe, expect, test } from 'vitest';
import { groupByDay, initialPlan, planErrors, planOf, plannedDays, type PlanForm } from './timeslot-plan-model';

const EXPERT = '11111111-1111-4111-8111-111111111111';
const SERVICE = '22222222-2222-4222-8222-222222222222';
const today = '2026-05-10'; // a Sunday

const plan = (overrides: Partial<PlanForm> = {}): PlanForm => ({ ...initialPlan(today), expertIds: [EXPERT], ...overrides });

describe('open timeslot generation form (spec §4)', () => {
  test('starts with a working week from tomorrow and turns into the contract plan', () => {
    const form = plan({ weekdays: [5, 1, 3, 1], serviceId: '' });
    expect(form.from).toBe('2026-05-11');
    expect(form.to).toBe('2026-05-17');
    expect(planOf(form)).toEqual({
      expertIds: [EXPERT],
      from: '2026-05-11',
      to: '2026-05-17',
      weekdays: [1, 3, 5],
      dayStart: '08:00',
      dayEnd: '16:00',
      slotMinutes: 30,
      breaks: [{ start: '11:30', end: '12:00' }],
      serviceId: null,
    });
    expect(planOf(plan({ serviceId: SERVICE })).serviceId).toBe(SERVICE);
    expect(planErrors(form, today)).toEqual({});
  });

  test('experts, weekdays, dates and the day are checked', () => {
    expect(planErrors(plan({ expertIds: [], weekdays: [] }), today)).toEqual({ expertIds: 'chooseExpert', weekdays: 'chooseWeekday' });
    expect(planErrors(plan({ from: '2026-05-09' }), today)).toEqual({ from: 'pastDate' });
    expect(planErrors(plan({ from: '2026-05-12', to: '2026-05-11' }), today)).toEqual({ to: 'toBeforeFrom' });
    expect(planErrors(plan({ to: '2026-09-30' }), today)).toEqual({ to: 'tooManyDays' });
    expect(planErrors(plan({ dayStart: '16:00', dayEnd: '08:00', breaks: [] }), today)).toEqual({ dayEnd: 'beforeStart' });
    expect(planErrors(plan({ dayStart: '08:00', dayEnd: '08:20', slotMinutes: '30', breaks: [] }), today)).toEqual({
      slotMinutes: 'slotLongerThanDay',
    });
    expect(planErrors(plan({ slotMinutes: '' }), today)).toEqual({ slotMinutes: 'invalid' });
    expect(planErrors(plan({ slotMinutes: '2' }), today)).toEqual({ slotMinutes: 'invalid' });
  });

  test('breaks end after they start and lie inside the day', () => {
    expect(planErrors(plan({ breaks: [{ start: '12:00', end: '11:00' }] }), today)).toEqual({ 'breaks.0.end': 'beforeStart' });
    expect(planErrors(plan({ breaks: [{ start: '07:00', end: '09:00' }] }), today)).toEqual({ 'breaks.0.start': 'breakOutsideDay' });
    expect(planErrors(plan({ breaks: [{ start: '12', end: '' }] }), today)).toMatchObject({ 'breaks.0.start': 'invalid' });
  });

  test('counts the days of the range that fall on the chosen weekdays', () => {
    expect(plannedDays(plan())).toBe(5);
    expect(plannedDays(plan({ weekdays: [6, 7] }))).toBe(2);
    expect(plannedDays(plan({ to: '2026-05-01' }))).toBe(0);
  });

  test('the preview groups by Helsinki day, across midnight UTC and by time', () => {
    const slot = (iso: string, expertName = 'Eeva') => ({
      id: null,
      expertId: EXPERT,
      expertName,
      startTime: Date.parse(iso),
      endTime: Date.parse(iso) + 30 * 60_000,
    });
    const days = groupByDay([
      slot('2026-05-11T06:30:00Z'),
      slot('2026-05-11T21:30:00Z'),
      slot('2026-05-11T06:00:00Z', 'Olli'),
      slot('2026-05-11T06:00:00Z', 'Aaro'),
    ]);
    expect(days.map((d) => [d.date, d.slots.map((s) => `${s.time} ${s.expertName}`)])).toEqual([
      ['2026-05-11', ['09:00 Aaro', '09:00 Olli', '09:30 Eeva']],
      ['2026-05-12', ['00:30 Eeva']],
    ]);
  });
});
