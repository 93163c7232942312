import { describe, expect, it } from 'vitest';
import { waitingNotice, waitMinutes } from './waiting-estimate';

describe('waitMinutes', () => {
  it('rounds up to whole minutes, with under a minute as 0', () => {
    expect(waitMinutes(0)).toBe(0);
    expect(waitMinutes(59)).toBe(0);
    expect(waitMinutes(60)).toBe(1);
    expect(waitMinutes(61)).toBe(2);
    expect(waitMinutes(600)).toBe(10);
  });

  it('says nothing without an estimate', () => {
    expect(waitMinutes(null)).toBeNull();
    expect(waitMinutes(-5)).toBeNull();
    expect(waitMinutes(Number.NaN)).toBeNull();
  });
});

describe('waitingNotice', () => {
  const START = Date.UTC(2026, 10, 30, 8, 0);
  const appointment = { appointmentStartsAt: START, estimatedWaitSeconds: 0 };

  it('tells a booked patient when the appointment starts, never the queue’s estimate', () => {
    expect(waitingNotice(appointment, START - 4 * 60_000)).toEqual({ kind: 'startsAt', startsAt: START });
    expect(waitingNotice(appointment, START - 1)).toEqual({ kind: 'startsAt', startsAt: START });
  });

  it('says the professional is late once the start has passed', () => {
    expect(waitingNotice(appointment, START)).toEqual({ kind: 'late' });
    expect(waitingNotice(appointment, START + 10 * 60_000)).toEqual({ kind: 'late' });
  });

  it('keeps the estimate for a queue chat', () => {
    expect(waitingNotice({ appointmentStartsAt: null, estimatedWaitSeconds: 30 }, START)).toEqual({ kind: 'estimate', minutes: 0 });
    expect(waitingNotice({ appointmentStartsAt: null, estimatedWaitSeconds: null }, START)).toEqual({ kind: 'estimate', minutes: null });
  });
});
