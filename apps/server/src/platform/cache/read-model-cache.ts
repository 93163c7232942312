/**
 * An in-process cache of what nearly every request reads and few requests change (an organisation's patient config
 * and service list, a session row, a patient's access context), kept correct across instances by invalidation: every
 * write to the tables behind them notifies (a trigger's `pg_notify` in the writer's transaction, delivered on commit
 * only) with the scope it changed, and every instance listening drops what it holds of that scope. See
 * docs/operations.md 'Read-model cache'.
 *
 * Correctness rules this module keeps:
 * - Only while the invalidation listener is connected does it cache (`setListening`): a notification missed while
 *   disconnected could leave a stale entry, so losing the listener empties the cache and every read loads afresh
 *   until it is back (then the cache starts empty again).
 * - A load that started before an invalidation of its scope never stores its answer afterwards, and a read after
 *   that invalidation never joins it.
 * - Entries expire after `ttlMs` whatever happens (a safety net, not the mechanism), and at most `maxEntries` are held
 *   (the oldest go first).
 */

/**
 * What an entry belongs to, as the triggers name it: an organisation's id, `session:<token hash>` or `patient:<id>`.
 */
export type Scope = string;

/** What one read found: served from memory, loaded and stored, or loaded without storing (listener down). */
export type CacheOutcome = 'hit' | 'miss' | 'bypass';

export type CacheEvents = {
  /** One read of `model`, and how it was answered. */
  read(model: string, outcome: CacheOutcome): void;
  /** Entries dropped, and why. */
  invalidated(reason: InvalidationReason): void;
};

/** `notify`: another writer's notification; `local`: a write on this instance; `listener`: the listener came or went. */
export type InvalidationReason = 'notify' | 'local' | 'listener';

export type ReadModelCacheOptions = { ttlMs: number; maxEntries: number; events?: CacheEvents; now?: () => number };

type Entry = { scope: Scope; value: unknown; expiresAt: number };
type Load = { scope: Scope; cancelled: boolean; promise: Promise<unknown> };

export type ReadModelCache = {
  /**
   * The cached value of `model` in `scope` under `variant` (whatever else the answer depends on; '' when nothing), or
   * what `load` answers, stored for the next reads when it is safe to. `undefined` (nothing found) is never stored, so
   * made-up keys (a forged cookie) cost a read each but take no room.
   */
  get<T>(model: string, scope: Scope, variant: string, load: () => Promise<T>): Promise<T>;
  /**
   * What `get` would answer from memory now (counted as a hit), without loading and without a promise; undefined when
   * it would load. For the hot path of every request (the session), which then asks `get` only on a miss.
   */
  peek<T>(model: string, scope: Scope, variant: string): T | undefined;
  /** Drops every entry of one scope (a notification named it, or a write here changed it). */
  invalidateScope(scope: Scope, reason?: InvalidationReason): void;
  /** Drops every entry. */
  clear(reason?: InvalidationReason): void;
  /** Whether the invalidation listener is connected: caching happens only then. */
  setListening(listening: boolean): void;
  /**
   * Whether `get` may answer from memory now (the listener is connected and entries live longer than 0 ms). When not,
   * a caller that reads several models may read them from the database in one statement instead of one each.
   */
  serving(): boolean;
  /** Entries held now (for the metrics and tests). */
  size(): number;
};

export function createReadModelCache(opts: ReadModelCacheOptions): ReadModelCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // The keys held per scope, so that a scope's invalidation (a session's, many a minute) touches only its own.
  const keysOfScope = new Map<Scope, Set<string>>();
  // Loads in progress, shared by concurrent misses of one key; an invalidation of their scope cancels them (they
  // answer their caller but store nothing, and later reads start afresh).
  const loading = new Map<string, Load>();
  let listening = false;

  const keyOf = (model: string, scope: Scope, variant: string) => `${model}\u0000${scope}\u0000${variant}`;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfScope.get(entry.scope);
    keys?.delete(key);
    if (keys?.size === 0) keysOfScope.delete(entry.scope);
  }

  function invalidate(scope: Scope | null, reason: InvalidationReason) {
    for (const [key, load] of loading) {
      if (scope !== null && load.scope !== scope) continue;
      load.cancelled = true;
      loading.delete(key);
    }
    if (scope === null) {
      entries.clear();
      keysOfScope.clear();
    } else for (const key of [...(keysOfScope.get(scope) ?? [])]) drop(key);
    opts.events?.invalidated(reason);
  }

  function store(key: string, scope: Scope, value: unknown) {
    drop(key);
    // Map keeps insertion order and every entry lives the same TTL, so the first keys are the oldest and expire first.
    // Those past their time go as new ones come: memory holds a TTL's worth of callers (a patient who signed in an
    // hour ago is not kept until maxEntries pushes them out; bench:cluster --soak found the heap growing by that).
    const at = now();
    for (const [oldest, entry] of entries) {
      if (entry.expiresAt > at) break;
      drop(oldest);
    }
    entries.set(key, { scope, value, expiresAt: at + opts.ttlMs });
    keysOfScope.set(scope, (keysOfScope.get(scope) ?? new Set()).add(key));
    while (entries.size > opts.maxEntries) drop(entries.keys().next().value!);
  }

  const serving = () => listening && opts.ttlMs > 0;

  return {
    peek<T>(model: string, scope: Scope, variant: string): T | undefined {
      if (!serving()) return undefined;
      const entry = entries.get(keyOf(model, scope, variant));
      if (!entry || entry.expiresAt <= now()) return undefined;
      opts.events?.read(model, 'hit');
      return entry.value as T;
    },
    async get<T>(model: string, scope: Scope, variant: string, load: () => Promise<T>): Promise<T> {
      if (!serving()) {
        opts.events?.read(model, 'bypass');
        return load();
      }
      const key = keyOf(model, scope, variant);
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        opts.events?.read(model, 'hit');
        return entry.value as T;
      }
      if (entry) drop(key);
      opts.events?.read(model, 'miss');
      const pending = loading.get(key);
      if (pending) return pending.promise as Promise<T>;
      const inFlight: Load = { scope, cancelled: false, promise: Promise.resolve() };
      inFlight.promise = load().then(
        (value) => {
          if (!inFlight.cancelled && listening && value !== undefined) store(key, scope, value);
          if (loading.get(key) === inFlight) loading.delete(key);
          return value;
        },
        (err: unknown) => {
          if (loading.get(key) === inFlight) loading.delete(key);
          throw err;
        },
      );
      loading.set(key, inFlight);
      return inFlight.promise as Promise<T>;
    },
    invalidateScope(scope, reason = 'notify') {
      invalidate(scope, reason);
    },
    clear(reason = 'local') {
      invalidate(null, reason);
    },
    setListening(value) {
      // Either way the cache starts empty: while nobody listened, notifications may have gone by.
      listening = value;
      invalidate(null, 'listener');
    },
    serving,
    size: () => entries.size,
  };
}
