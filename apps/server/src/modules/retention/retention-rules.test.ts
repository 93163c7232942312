import { describe, expect, test } from 'vitest';
import { isExpired, retentionCutoff } from './retention-rules';

const now = new Date('2026-03-29T12:00:00Z');

describe('retentionCutoff', () => {
  test('N days before now, in whole 24-hour days', () => {
    expect(retentionCutoff(now, 90)?.toISOString()).toBe('2025-12-29T12:00:00.000Z');
    expect(retentionCutoff(now, 1)?.toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(retentionCutoff(now, 0)?.toISOString()).toBe(now.toISOString());
  });

  test('across the spring daylight-saving change (29 March 2026 in Finland) a day is still 24 hours', () => {
    expect(retentionCutoff(new Date('2026-03-30T00:30:00Z'), 1)?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  test('months entered by admins arrive as days (30.437 per month) and fractions do not shorten the period', () => {
    expect(retentionCutoff(now, 182.6)?.toISOString()).toBe(retentionCutoff(now, 182)?.toISOString());
  });

  test('no limit, or a value that is no limit, keeps everything', () => {
    expect(retentionCutoff(now, null)).toBeNull();
    expect(retentionCutoff(now, -1)).toBeNull();
    expect(retentionCutoff(now, Number.NaN)).toBeNull();
  });
});

describe('isExpired', () => {
  const cutoff = retentionCutoff(now, 30)!;
  test('strictly before the cut-off is old; at or after it stays', () => {
    expect(isExpired(new Date(cutoff.getTime() - 1), cutoff)).toBe(true);
    expect(isExpired(cutoff, cutoff)).toBe(false);
    expect(isExpired(new Date(cutoff.getTime() + 1), cutoff)).toBe(false);
  });
  test('without a cut-off nothing is old', () => {
    expect(isExpired(new Date(0), null)).toBe(false);
  });
});
