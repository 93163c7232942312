import {
  addDays,
  BOOKING_RULES,
  dayCount,
  isLocalDate,
  isoWeekday,
  localDateTimeAt,
  ZTimeslotPlan,
  type OpenTimeKind,
  type Timeslot,
  type TimeslotConflict,
  type TimeslotPlan,
  type TimeslotPreview,
} from '@prsp/contracts';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';

export type PlanBreak = { start: string; end: string };

/** The generation form as typed: numbers as text until sent. */
export type PlanForm = {
  expertIds: string[];
  from: string;
  to: string;
  weekdays: number[];
  dayStart: string;
  dayEnd: string;
  slotMinutes: string;
  breaks: PlanBreak[];
  /** Required: open times belong to a service (issue 29). */
  serviceId: string;
  /** Chat or video; '' until a service is chosen, which sets its own kind (the admin may then change it). */
  kind: OpenTimeKind | '';
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Minutes since midnight of `HH:MM`, or NaN. */
function minutesOf(time: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** A working week from tomorrow, 8 to 16 in 30-minute slots with a lunch break. */
export function initialPlan(today: string): PlanForm {
  return {
    expertIds: [],
    from: addDays(today, 1),
    to: addDays(today, 7),
    weekdays: [1, 2, 3, 4, 5],
    dayStart: '08:00',
    dayEnd: '16:00',
    slotMinutes: '30',
    breaks: [{ start: '11:30', end: '12:00' }],
    serviceId: '',
    kind: '',
  };
}

/** Choosing a service: the plan takes the kind of open times the service makes (issue 29). */
export function withService(
  form: Pick<PlanForm, 'kind'>,
  serviceId: string,
  services: readonly { id: string; openTimeKind: OpenTimeKind }[],
): Pick<PlanForm, 'serviceId' | 'kind'> {
  return { serviceId, kind: services.find((s) => s.id === serviceId)?.openTimeKind ?? form.kind };
}

/** The request body (`POST …/timeslots/preview` and `…/open`): weekdays in order; no kind picked: the service's. */
export function planOf(form: PlanForm): TimeslotPlan {
  return {
    expertIds: form.expertIds,
    from: form.from,
    to: form.to,
    weekdays: [...new Set(form.weekdays)].sort((a, b) => a - b),
    dayStart: form.dayStart,
    dayEnd: form.dayEnd,
    slotMinutes: form.slotMinutes.trim() === '' ? Number.NaN : Number(form.slotMinutes),
    breaks: form.breaks,
    serviceId: form.serviceId,
    ...(form.kind ? { kind: form.kind } : {}),
  };
}

/**
 * The plan's rules before the preview: the contract's, dates from today on and not more than the longest plan,
 * a day that ends after it starts and holds at least one slot, and breaks inside the day that end after they start.
 */
export function planErrors(
  form: PlanForm,
  today: string,
  /** The contract's errors of the plan, when the form has checked it already. */
  contractErrors: FieldErrors = schemaErrors(ZTimeslotPlan, planOf(form)),
): FieldErrors {
  const errors: FieldErrors = { ...contractErrors };
  if (form.expertIds.length === 0) errors.expertIds = 'chooseExpert';
  if (form.weekdays.length === 0) errors.weekdays = 'chooseWeekday';
  if (!isLocalDate(form.from)) errors.from = 'date';
  else if (form.from < today) errors.from = 'pastDate';
  if (!isLocalDate(form.to)) errors.to = 'date';
  else if (isLocalDate(form.from) && form.to < form.from) errors.to = 'toBeforeFrom';
  else if (isLocalDate(form.from) && dayCount(form.from, form.to) > BOOKING_RULES.maxPlanDays) errors.to = 'tooManyDays';
  const start = minutesOf(form.dayStart);
  const end = minutesOf(form.dayEnd);
  const slot = Number(form.slotMinutes);
  if (!errors.dayEnd && end <= start) errors.dayEnd = 'beforeStart';
  else if (!errors.dayEnd && !errors.slotMinutes && end - start < slot) errors.slotMinutes = 'slotLongerThanDay';
  form.breaks.forEach((b, i) => {
    const bs = minutesOf(b.start);
    const be = minutesOf(b.end);
    if (Number.isNaN(bs) || Number.isNaN(be)) return;
    if (be <= bs) errors[`breaks.${i}.end`] = 'beforeStart';
    else if (bs < start || be > end) errors[`breaks.${i}.start`] = 'breakOutsideDay';
  });
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
}

/** The days of the range the plan would cover (its weekdays only): shown beside the form as a check. */
export function plannedDays(form: Pick<PlanForm, 'from' | 'to' | 'weekdays'>): number {
  if (!isLocalDate(form.from) || !isLocalDate(form.to) || form.to < form.from) return 0;
  const total = Math.min(dayCount(form.from, form.to), BOOKING_RULES.maxPlanDays);
  let count = 0;
  for (let i = 0; i < total; i++) if (form.weekdays.includes(isoWeekday(addDays(form.from, i)))) count++;
  return count;
}

/** A cell of the preview's week grid: a slot that opens, or one left out for what stands there. */
export type WeekCell = 'opens' | TimeslotConflict['reason'];
/** One ISO week of one expert: the days and times that have a planned slot, and each such slot's cell. */
export type PreviewWeek = { monday: string; days: string[]; times: string[]; cells: Map<string, WeekCell> };
export type ExpertWeeks = { expertId: string; expertName: string; opens: number; conflicts: number; weeks: PreviewWeek[] };

/** The key of a cell: the local date and time of the slot's start. */
export const cellKey = (date: string, time: string) => `${date} ${time}`;

/**
 * The preview as a week grid per expert (issue 28: the conflicts shown, not only counted): each expert's planned slots,
 * those that open and those left out, by Helsinki week, day and start time. Experts by name, weeks and rows in order.
 */
export function previewWeeks(preview: Pick<TimeslotPreview, 'slots' | 'conflictingSlots'>): ExpertWeeks[] {
  const experts = new Map<string, ExpertWeeks>();
  const planned: [Timeslot, WeekCell][] = [
    ...preview.slots.map((s): [Timeslot, WeekCell] => [s, 'opens']),
    ...preview.conflictingSlots.map((s): [Timeslot, WeekCell] => [s, s.reason]),
  ];
  for (const [slot, cell] of planned) {
    const expert = experts.get(slot.expertId) ?? {
      expertId: slot.expertId,
      expertName: slot.expertName,
      opens: 0,
      conflicts: 0,
      weeks: [],
    };
    experts.set(slot.expertId, expert);
    if (cell === 'opens') expert.opens++;
    else expert.conflicts++;
    const { date, time } = localDateTimeAt(slot.startTime);
    const monday = addDays(date, 1 - isoWeekday(date));
    let week = expert.weeks.find((w) => w.monday === monday);
    if (!week) {
      week = { monday, days: [], times: [], cells: new Map() };
      expert.weeks.push(week);
    }
    if (!week.days.includes(date)) week.days.push(date);
    if (!week.times.includes(time)) week.times.push(time);
    week.cells.set(cellKey(date, time), cell);
  }
  const result = [...experts.values()].sort((a, b) => a.expertName.localeCompare(b.expertName) || a.expertId.localeCompare(b.expertId));
  for (const expert of result) {
    expert.weeks.sort((a, b) => a.monday.localeCompare(b.monday));
    for (const week of expert.weeks) {
      week.days.sort();
      week.times.sort();
    }
  }
  return result;
}
