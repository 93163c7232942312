import { expect, test } from 'vitest';
import { DEFAULT_BACKOFF, retryDelayMs } from './backoff';

test('each retry waits twice as long as the one before, from the base', () => {
  expect([1, 2, 3, 4].map((a) => retryDelayMs(a, { baseMs: 10, maxMs: 1000 }))).toEqual([10, 20, 40, 80]);
  expect([1, 2, 3].map((a) => retryDelayMs(a))).toEqual([30_000, 60_000, 120_000]);
});

test('the wait never exceeds the maximum, however many attempts failed', () => {
  expect(retryDelayMs(7)).toBe(1920_000);
  expect(retryDelayMs(8)).toBe(DEFAULT_BACKOFF.maxMs);
  expect(retryDelayMs(500)).toBe(DEFAULT_BACKOFF.maxMs);
  expect(retryDelayMs(4, { baseMs: 1000, maxMs: 5000 })).toBe(5000);
});

test('an attempt below one waits the base', () => {
  expect(retryDelayMs(0)).toBe(30_000);
  expect(retryDelayMs(-3)).toBe(30_000);
});
