/**
 * How often a socket and its user may send each event (docs/security.md 'Limits against floods'): a fixed window
 * per socket and per user, counted on this instance (a user's sockets on two instances get two allowances). An event
 * over its limit is answered 429 (`errors.tooManyRequests`) without reaching its handler; typing, which has no
 * answer, is dropped. The figures leave a person far below them: nobody sends 20 chat messages in 10 seconds.
 */
export type EventLimit = { perSocket: number; perUser: number; windowMs: number };

export const SOCKET_EVENT_LIMITS: Record<string, EventLimit> = {
  'chat:send': { perSocket: 20, perUser: 30, windowMs: 10_000 },
  'chat:typing': { perSocket: 10, perUser: 20, windowMs: 10_000 },
  'chat:join': { perSocket: 30, perUser: 60, windowMs: 60_000 },
  'chat:read': { perSocket: 60, perUser: 120, windowMs: 60_000 },
  'queue:watch': { perSocket: 30, perUser: 60, windowMs: 60_000 },
};
/** Every other event (video signalling sends many ICE candidates in a burst as a call starts). */
export const DEFAULT_EVENT_LIMIT: EventLimit = { perSocket: 200, perUser: 400, windowMs: 10_000 };

/** Sockets one session (or one guest's token) may hold open on an instance at once: tabs and devices, with room to spare. */
export const MAX_SOCKETS_PER_SESSION = 10;

/** Fixed-window counters by key, forgotten once their window has passed. */
export function windowCounter() {
  const windows = new Map<string, { until: number; count: number }>();
  return {
    /** Counts one more under `key`; whether it is still within `max` for the window of `windowMs`. */
    take(key: string, max: number, windowMs: number, now = Date.now()): boolean {
      let w = windows.get(key);
      if (!w || w.until <= now) {
        w = { until: now + windowMs, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= max;
    },
    /** Drops the windows that have passed (called now and then, so keys of gone sockets do not pile up). */
    sweep(now = Date.now()): void {
      for (const [key, w] of windows) if (w.until <= now) windows.delete(key);
    },
  };
}
