import { describe, expect, it } from 'vitest';
import { meetingKindOf, type OpenService, type PatientAppointment } from '@prsp/contracts';
import { appointmentMode, canCancel, canStart, formatCountdown, landingAppointments, upcomingAppointments } from './appointment-rules';

const NOW = Date.UTC(2026, 2, 10, 12, 0);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const appt = (uuid: string, startTime: number, duration = 30): PatientAppointment => ({
  uuid,
  name: uuid,
  startTime,
  duration,
  type: 'oneOnOne',
  kind: 'chat',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
});

describe('appointment lists (spec §2, §4, §9)', () => {
  it('keeps only appointments not yet ended, sorted by start', () => {
    const list = [appt('later', NOW + DAY), appt('ended', NOW - 40 * MIN), appt('running', NOW - 10 * MIN), appt('soon', NOW + MIN)];
    expect(upcomingAppointments(list, NOW).map((a) => a.uuid)).toEqual(['running', 'soon', 'later']);
  });

  it('shows on the landing what starts within 3 days', () => {
    const list = [appt('d4', NOW + 4 * DAY), appt('d1', NOW + DAY), appt('d3', NOW + 3 * DAY), appt('h1', NOW + 60 * MIN)];
    expect(landingAppointments(list, NOW).map((a) => a.uuid)).toEqual(['h1', 'd1', 'd3']);
  });

  it('shows only the next one when nothing starts within 3 days, and nothing when none are ahead', () => {
    const list = [appt('d9', NOW + 9 * DAY), appt('d4', NOW + 4 * DAY), appt('past', NOW - DAY)];
    expect(landingAppointments(list, NOW).map((a) => a.uuid)).toEqual(['d4']);
    expect(landingAppointments([appt('past', NOW - DAY)], NOW)).toEqual([]);
  });

  it('opens the start 5 minutes before and closes it when the appointment ends', () => {
    const a = appt('a', NOW + 10 * MIN, 20);
    expect(canStart(a, NOW)).toBe(false);
    expect(canStart(a, NOW + 5 * MIN - 1)).toBe(false);
    expect(canStart(a, NOW + 5 * MIN)).toBe(true);
    expect(canStart(a, NOW + 29 * MIN)).toBe(true);
    expect(canStart(a, NOW + 30 * MIN)).toBe(false);
  });

  it('drops a visit held or missed before its end from the lists, and its start closes (issue 29)', () => {
    const held = { ...appt('held', NOW - 5 * MIN), visit: 'held' as const };
    const missed = { ...appt('missed', NOW - 10 * MIN), visit: 'noShow' as const };
    const running = { ...appt('running', NOW - 10 * MIN), visit: null };
    expect(upcomingAppointments([held, missed, running], NOW).map((a) => a.uuid)).toEqual(['running']);
    expect(landingAppointments([held, missed], NOW)).toEqual([]);
    expect(canStart(held, NOW)).toBe(false);
    expect(canStart(missed, NOW)).toBe(false);
    expect(canStart(running, NOW)).toBe(true);
  });
});

const typed = (type: PatientAppointment['type'], startTime: number, duration = 30): PatientAppointment => ({
  ...appt(type, startTime, duration),
  type,
  kind: meetingKindOf(type),
});

describe('start and cancel windows (spec §4 Start button, §9 5 min and 1440 min)', () => {
  it('keeps a one-to-one start disabled while the start is more than 1440 minutes away', () => {
    const a = typed('oneOnOne', NOW + 1440 * MIN + 1);
    expect(canStart(a, NOW)).toBe(false);
    const b = typed('basic', NOW + 4 * MIN);
    expect(canStart(b, NOW)).toBe(true);
  });

  it('starts a group appointment 5 minutes before, like any other', () => {
    expect(canStart(typed('group', NOW + 5 * MIN), NOW)).toBe(true);
    expect(canStart(typed('group-video', NOW + 6 * MIN), NOW)).toBe(false);
  });

  it('offers cancel only for one-to-one appointments at least 1440 minutes away', () => {
    expect(canCancel(typed('oneOnOne', NOW + 1440 * MIN), NOW)).toBe(true);
    expect(canCancel(typed('basic', NOW + 2 * DAY), NOW)).toBe(true);
    expect(canCancel(typed('oneOnOne', NOW + 1440 * MIN - 1), NOW)).toBe(false);
    expect(canCancel(typed('oneOnOne', NOW - MIN), NOW)).toBe(false);
    expect(canCancel(typed('group', NOW + 5 * DAY), NOW)).toBe(false);
    expect(canCancel(typed('group-video', NOW + 5 * DAY), NOW)).toBe(false);
  });

  it('closes the cancel as time passes (rechecked every 5 s)', () => {
    const a = typed('oneOnOne', NOW + 1440 * MIN + 3_000);
    expect(canCancel(a, NOW)).toBe(true);
    expect(canCancel(a, NOW + 5_000)).toBe(false);
  });
});

describe('appointment modal modes (spec §4)', () => {
  const service: OpenService = {
    uuid: 's',
    serviceName: { fi: 'Hoitaja', se: 'Skötare', en: 'Nurse' },
    serviceDescription: { fi: '', se: '', en: '' },
    serviceImage: 'nurse',
    chatQueueId: 'q',
    mandatorySelfAssessment: false,
    optionalSelfAssessment: false,
  };

  it('is open for an open service, whatever the time', () => {
    expect(appointmentMode({ kind: 'open', service }, NOW)).toBe('open');
  });

  it('gives scheduledGroup for group appointments, even far ahead', () => {
    expect(appointmentMode({ kind: 'scheduled', appointment: typed('group', NOW + 5 * DAY) }, NOW)).toBe('scheduledGroup');
    expect(appointmentMode({ kind: 'scheduled', appointment: typed('group-video', NOW + MIN) }, NOW)).toBe('scheduledGroup');
  });

  it('gives scheduledCancellable while a one-to-one can be cancelled, then scheduled', () => {
    const a = typed('oneOnOne', NOW + 2 * DAY);
    expect(appointmentMode({ kind: 'scheduled', appointment: a }, NOW)).toBe('scheduledCancellable');
    expect(appointmentMode({ kind: 'scheduled', appointment: a }, NOW + DAY + 1)).toBe('scheduled');
    expect(appointmentMode({ kind: 'scheduled', appointment: typed('basic', NOW + 10 * MIN) }, NOW)).toBe('scheduled');
  });
});

describe('hold countdown (spec §4 mm:ss)', () => {
  it('shows minutes and seconds, rounding partial seconds up', () => {
    expect(formatCountdown(15 * MIN)).toBe('15:00');
    expect(formatCountdown(15 * MIN - 1)).toBe('15:00');
    expect(formatCountdown(14 * MIN + 59_000)).toBe('14:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
  });

  it('never goes below 00:00', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});
