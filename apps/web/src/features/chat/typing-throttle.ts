/** While the user writes, 'typing' is told again at most this often (the others' mark fades after 8 s). */
const REPEAT_MS = 3_000;
/** This long without a key press means the user stopped writing. */
const IDLE_MS = 4_000;

/**
 * Turns key presses into few `chat:typing` events: `true` at the first press and again every 3 s while writing,
 * `false` 4 s after the last press or at once when the message is sent (`stop`).
 */
export function createTypingThrottle(emit: (typing: boolean) => void, now: () => number = Date.now) {
  let lastSent = -Infinity;
  let on = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function stop(): void {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (!on) return;
    on = false;
    lastSent = -Infinity;
    emit(false);
  }

  return {
    input(): void {
      const t = now();
      if (!on || t - lastSent >= REPEAT_MS) {
        on = true;
        lastSent = t;
        emit(true);
      }
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stop, IDLE_MS);
    },
    stop,
  };
}
