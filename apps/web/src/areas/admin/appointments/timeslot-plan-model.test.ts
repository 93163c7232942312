import { describe, expect, test } from 'vitest';
import { cellKey, initialPlan, planErrors, planOf, plannedDays, previewWeeks, withService, type PlanForm } from './timeslot-plan-model';

const EXPERT = '11111111-1111-4111-8111-111111111111';
const SERVICE = '22222222-2222-4222-8222-222222222222';
const today = '2026-05-10'; // a Sunday

const plan = (overrides: Partial<PlanForm> = {}): PlanForm => ({
  ...initialPlan(today),
  expertIds: [EXPERT],
  serviceId: SERVICE,
  ...overrides,
});

describe('open timeslot generation form (spec §4)', () => {
  test('starts with a working week from tomorrow and turns into the contract plan', () => {
    const form = plan({ weekdays: [5, 1, 3, 1] });
    expect(initialPlan(today)).toMatchObject({ serviceId: '', kind: '' });
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
      serviceId: SERVICE,
    });
    expect(planOf(plan({ kind: 'video' })).kind).toBe('video');
    expect(planErrors(form, today)).toEqual({});
  });

  test('open times belong to a service: none is an error, and choosing one takes its kind (issue 29)', () => {
    expect(planErrors(plan({ serviceId: '' }), today)).toEqual({ serviceId: 'required' });
    const services = [
      { id: SERVICE, openTimeKind: 'video' as const },
      { id: EXPERT, openTimeKind: 'chat' as const },
    ];
    expect(withService({ kind: '' }, SERVICE, services)).toEqual({ serviceId: SERVICE, kind: 'video' });
    expect(withService({ kind: 'video' }, EXPERT, services)).toEqual({ serviceId: EXPERT, kind: 'chat' });
    expect(withService({ kind: 'video' }, '', services)).toEqual({ serviceId: '', kind: 'video' });
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

  test('the preview is a week grid per expert, by Helsinki week, day and time, its conflicts marked (issue 28)', () => {
    const slot = (iso: string, expertId = EXPERT, expertName = 'Eeva') => ({
      id: null,
      expertId,
      expertName,
      startTime: Date.parse(iso),
      endTime: Date.parse(iso) + 30 * 60_000,
    });
    const experts = previewWeeks({
      slots: [slot('2026-05-11T06:30:00Z'), slot('2026-05-17T21:30:00Z'), slot('2026-05-11T06:00:00Z', 'o1', 'Olli')],
      conflictingSlots: [{ ...slot('2026-05-11T06:00:00Z'), reason: 'reserved' }],
    });
    expect(experts.map((e) => [e.expertName, e.opens, e.conflicts, e.weeks.map((w) => w.monday)])).toEqual([
      ['Eeva', 2, 1, ['2026-05-11', '2026-05-18']],
      ['Olli', 1, 0, ['2026-05-11']],
    ]);
    const [week] = experts[0]!.weeks;
    expect(week).toMatchObject({ days: ['2026-05-11'], times: ['09:00', '09:30'] });
    expect(week!.cells.get(cellKey('2026-05-11', '09:00'))).toBe('reserved');
    expect(week!.cells.get(cellKey('2026-05-11', '09:30'))).toBe('opens');
    // Sunday 21:30 UTC is Monday 00:30 in Helsinki: the next week.
    expect(experts[0]!.weeks[1]!.cells.get(cellKey('2026-05-18', '00:30'))).toBe('opens');
  });
});
