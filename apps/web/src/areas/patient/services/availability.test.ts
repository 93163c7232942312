import { describe, expect, it } from 'vitest';
import { availabilityLines } from './availability';

const NOW = Date.UTC(2026, 10, 30, 9, 0); // Monday 30 November 2026, 11.00 in Helsinki
const ranges = [
  { opens: '08:00', closes: '11:30' },
  { opens: '12:00', closes: '16:00' },
];

describe("a service card's availability (issue 29)", () => {
  it("shows today's ranges in the product's time format", () => {
    expect(availabilityLines({ hoursToday: { alwaysOpen: false, ranges }, staffed: true }, 'fi', NOW)).toEqual([
      { key: 'services.hours.today', values: { hours: '08.00–11.30, 12.00–16.00' } },
    ]);
    expect(availabilityLines({ hoursToday: { alwaysOpen: false, ranges }, staffed: true }, 'en', NOW)[0]!.values).toEqual({
      hours: '08:00–11:30, 12:00–16:00',
    });
  });

  it('says around the clock, or closed today', () => {
    expect(availabilityLines({ hoursToday: { alwaysOpen: true, ranges: [] }, staffed: true }, 'fi', NOW)).toEqual([
      { key: 'services.hours.alwaysOpen' },
    ]);
    expect(availabilityLines({ hoursToday: { alwaysOpen: false, ranges: [] }, staffed: true }, 'se', NOW)).toEqual([
      { key: 'services.hours.closedToday' },
    ]);
  });

  it('says when no professional serves the queue', () => {
    expect(availabilityLines({ hoursToday: { alwaysOpen: true, ranges: [] }, staffed: false }, 'fi', NOW)).toEqual([
      { key: 'services.hours.alwaysOpen' },
      { key: 'services.hours.noProfessionals' },
    ]);
  });

  it('says nothing without an answer about it', () => {
    expect(availabilityLines(undefined, 'fi', NOW)).toEqual([]);
  });
});

describe("a service card's presence (issue 32)", () => {
  const open = { hoursToday: { alwaysOpen: false, ranges }, staffed: true, openNow: true, nextOpening: '2026-12-01T06:00:00.000Z' };
  it('says how many are on duty while open', () => {
    expect(availabilityLines({ ...open, onDuty: 2, whenNobodyOnDuty: 'close' }, 'fi', NOW).slice(1)).toEqual([
      { key: 'presence.patient.onDuty', values: { count: 2 } },
    ]);
  });
  it("with nobody on duty: 'wait' says the patient may queue, 'close' says nobody is available and the next opening", () => {
    expect(availabilityLines({ ...open, onDuty: 0, whenNobodyOnDuty: 'wait' }, 'fi', NOW).slice(1)).toEqual([
      { key: 'presence.patient.nobodyWait' },
    ]);
    expect(availabilityLines({ ...open, onDuty: 0, whenNobodyOnDuty: 'close' }, 'fi', NOW).slice(1)).toEqual([
      { key: 'presence.patient.nobody' },
      { key: 'presence.patient.nextOpening', values: { when: 'ti 1.12.2026 klo 08.00' } },
    ]);
  });
  it('closed by its hours: the next opening, whoever is on duty', () => {
    expect(availabilityLines({ ...open, openNow: false, onDuty: 1, whenNobodyOnDuty: 'wait' }, 'en', NOW).slice(1)).toEqual([
      { key: 'presence.patient.nextOpening', values: { when: expect.stringContaining('08:00') } },
    ]);
  });
});
