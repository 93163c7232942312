/**
 * Runs `run` at once when asked, then at most once per `minMs`: a burst of requests within the pause is one run at
 * its end. The queue board asks again over HTTP for every `board:changed`; a busy morning's burst of them (ten
 * patients queueing in a second) is one refetch, never a queue of them.
 */
export function coalesce(run: () => void, minMs: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = now();
    run();
  };
  return {
    request() {
      if (timer !== undefined) return;
      const wait = last + minMs - now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Whole seconds from `since` (an ISO instant) to `now`, never negative (the server's clock may be a little ahead). */
export function waitedSeconds(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
}

/** A wait as a clock shows it: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatWait(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same wait as an ISO 8601 duration, for `<time dateTime>`. */
export function waitDuration(seconds: number): string {
  return `PT${Math.floor(seconds / 3600)}H${Math.floor((seconds % 3600) / 60)}M${seconds % 60}S`;
}

/**
 * What the board's live region says after a refetch: the queues whose waiting count changed, and nothing when none
 * did (a presence change or the ticking wait are not read out). `before` is null on the first load: nothing is said.
 */
export function waitingChanges<Q extends { id: string; name: string; waiting: number }>(
  before: Map<string, number> | null,
  queues: Q[],
): { name: string; waiting: number }[] {
  if (!before) return [];
  return queues.filter((q) => before.has(q.id) && before.get(q.id) !== q.waiting).map((q) => ({ name: q.name, waiting: q.waiting }));
}
