import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { coalesce, formatWait, waitDuration, waitedSeconds, waitingChanges } from './board-refetch';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('runs the first request at once and a burst after it once, at the end of the pause', () => {
    const run = vi.fn();
    const c = coalesce(run, 500);
    c.request();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) c.request();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    // Quiet for longer than the pause: the next request runs at once again.
    vi.advanceTimersByTime(2000);
    c.request();
    expect(run).toHaveBeenCalledTimes(3);
  });

  test('cancel drops a pending run', () => {
    const run = vi.fn();
    const c = coalesce(run, 500);
    c.request();
    c.request();
    c.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('the longest wait', () => {
  test('counts whole seconds and never below zero', () => {
    const since = '2026-11-29T10:00:00.000Z';
    expect(waitedSeconds(since, Date.parse(since) + 65_900)).toBe(65);
    expect(waitedSeconds(since, Date.parse(since) - 3000)).toBe(0);
  });

  test('shows as a clock and as an ISO duration', () => {
    expect(formatWait(0)).toBe('0:00');
    expect(formatWait(65)).toBe('1:05');
    expect(formatWait(3725)).toBe('1:02:05');
    expect(waitDuration(3725)).toBe('PT1H2M5S');
  });
});

describe("what the board's live region says", () => {
  const q = (id: string, waiting: number) => ({ id, name: id.toUpperCase(), waiting });
  test('nothing on the first load, then only the queues whose waiting count moved', () => {
    expect(waitingChanges(null, [q('a', 1)])).toEqual([]);
    const before = new Map([
      ['a', 1],
      ['b', 0],
    ]);
    expect(waitingChanges(before, [q('a', 1), q('b', 2), q('c', 4)])).toEqual([{ name: 'B', waiting: 2 }]);
  });
});
