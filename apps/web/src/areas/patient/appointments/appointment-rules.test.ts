import { describe, expect, it } from 'vitest';
import type { PatientAppointment } from '@prsp/contracts';
import { canStart, landingAppointments, upcomingAppointments } from './appointment-rules';

const NOW = Date.UTC(2026, 2, 10, 12, 0);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const appt = (uuid: string, startTime: number, duration = 30): PatientAppointment => ({
  uuid,
  name: uuid,
  startTime,
  duration,
  type: 'oneOnOne',
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
});
