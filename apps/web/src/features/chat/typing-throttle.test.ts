import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingThrottle } from './typing-throttle';

describe('createTypingThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells typing once per 3 s while keys are pressed, and stopped 4 s after the last', () => {
    const sent: boolean[] = [];
    const throttle = createTypingThrottle(
      (t) => sent.push(t),
      () => Date.now(),
    );
    for (let i = 0; i < 10; i++) {
      throttle.input();
      vi.advanceTimersByTime(500);
    }
    // 5 s of writing: at 0 s and at 3 s.
    expect(sent).toEqual([true, true]);
    // The last press was at 4.5 s: stopped at 8.5 s.
    vi.advanceTimersByTime(3_499);
    expect(sent).toEqual([true, true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, true, false]);
  });

  it('tells stopped at once when the message is sent, and only once', () => {
    const sent: boolean[] = [];
    const throttle = createTypingThrottle(
      (t) => sent.push(t),
      () => Date.now(),
    );
    throttle.input();
    throttle.stop();
    throttle.stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([true, false]);
    throttle.input();
    expect(sent).toEqual([true, false, true]);
  });
});
