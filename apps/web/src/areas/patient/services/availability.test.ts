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
