import { describe, expect, test } from 'vitest';
import { feedbackPeriod } from './feedback-results';

describe('feedbackPeriod', () => {
  test('without dates: the last 30 days, today included', () => {
    expect(feedbackPeriod({}, '2026-03-31')).toEqual({ ok: true, from: '2026-03-02', to: '2026-03-31' });
  });

  test('only an end: the 30 days up to it; only a start: from it up to today', () => {
    expect(feedbackPeriod({ to: '2026-01-10' }, '2026-03-31')).toEqual({ ok: true, from: '2025-12-12', to: '2026-01-10' });
    expect(feedbackPeriod({ from: '2026-03-01' }, '2026-03-31')).toEqual({ ok: true, from: '2026-03-01', to: '2026-03-31' });
  });

  test('one day, and a leap year of 366 days, are periods; 367 days are not', () => {
    expect(feedbackPeriod({ from: '2026-05-05', to: '2026-05-05' }, '2026-06-01').ok).toBe(true);
    expect(feedbackPeriod({ from: '2024-01-01', to: '2024-12-31' }, '2026-06-01').ok).toBe(true);
    expect(feedbackPeriod({ from: '2025-01-01', to: '2026-01-02' }, '2026-06-01')).toEqual({
      ok: false,
      issues: [{ field: 'from', key: 'periodTooLong' }],
    });
  });

  test('an end before the start, and dates that do not exist', () => {
    expect(feedbackPeriod({ from: '2026-05-05', to: '2026-05-04' }, '2026-06-01')).toEqual({
      ok: false,
      issues: [{ field: 'to', key: 'beforeStart' }],
    });
    expect(feedbackPeriod({ from: '2026-02-30', to: '2026-13-01' }, '2026-06-01')).toEqual({
      ok: false,
      issues: [
        { field: 'from', key: 'date' },
        { field: 'to', key: 'date' },
      ],
    });
    expect(feedbackPeriod({ to: '2026-02-30' }, '2026-06-01')).toEqual({ ok: false, issues: [{ field: 'to', key: 'date' }] });
  });
});
