import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_MS, toastStore } from './toasts';

describe('toasts (spec §4, §9: hide after 3 seconds)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each toast for 3 seconds, each on its own clock', () => {
    const changes = vi.fn();
    const unsubscribe = toastStore.subscribe(changes);
    showToast('Saved');
    vi.advanceTimersByTime(1_000);
    showToast('Failed', 'error');
    expect(toastStore.current().map((t) => [t.text, t.tone])).toEqual([
      ['Saved', 'success'],
      ['Failed', 'error'],
    ]);
    vi.advanceTimersByTime(TOAST_MS - 1_000 - 1);
    expect(toastStore.current()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(toastStore.current().map((t) => t.text)).toEqual(['Failed']);
    vi.advanceTimersByTime(1_000);
    expect(toastStore.current()).toEqual([]);
    expect(TOAST_MS).toBe(3_000);
    expect(changes).toHaveBeenCalledTimes(4);
    unsubscribe();
  });
});
