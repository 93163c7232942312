/**
 * An in-process cache of read models that every patient page asks for and few people change (an organisation's
 * patient config, its service list), kept correct across instances by invalidation: every write to the tables behind
 * them notifies (a trigger's `pg_notify` in the writer's transaction, delivered on commit only), and every instance
 * listening drops what it holds for that organisation. See docs/operations.md 'Read-model cache'.
 *
 * Correctness rules this module keeps:
 * - Only while the invalidation listener is connected does it cache (`setListening`): a notification missed while
 *   disconnected could leave a stale entry, so losing the listener empties the cache and every read loads afresh
 *   until it is back (then the cache starts empty again).
 * - A load that started before an invalidation never stores its answer afterwards (a generation count), and a read
 *   after an invalidation never joins a load that started before it.
 * - Entries expire after `ttlMs` whatever happens (a safety net, not the mechanism), and at most `maxEntries` are held
 *   (the oldest go first).
 */

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

type Entry = { organisationId: string; value: unknown; expiresAt: number };

export type ReadModelCache = {
  /**
   * The cached value of `model` for `organisationId` under `variant` (whatever else the answer depends on; '' when
   * nothing), or what `load` answers, stored for the next reads when it is safe to.
   */
  get<T>(model: string, organisationId: string, variant: string, load: () => Promise<T>): Promise<T>;
  /** Drops every entry of one organisation (a notification named it). */
  invalidateOrganisation(organisationId: string, reason?: InvalidationReason): void;
  /** Drops every entry. */
  clear(reason?: InvalidationReason): void;
  /** Whether the invalidation listener is connected: caching happens only then. */
  setListening(listening: boolean): void;
  /** Entries held now (for the metrics and tests). */
  size(): number;
};

export function createReadModelCache(opts: ReadModelCacheOptions): ReadModelCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Loads in progress, shared by concurrent misses of one key; emptied by every invalidation.
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;
  let listening = false;

  const keyOf = (model: string, organisationId: string, variant: string) => `${model}\u0000${organisationId}\u0000${variant}`;

  function invalidate(match: (e: Entry) => boolean, reason: InvalidationReason) {
    generation++;
    loading.clear();
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
    opts.events?.invalidated(reason);
  }

  function store(key: string, organisationId: string, value: unknown) {
    entries.delete(key);
    entries.set(key, { organisationId, value, expiresAt: now() + opts.ttlMs });
    // Map keeps insertion order: the first keys are the oldest.
    while (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async get<T>(model: string, organisationId: string, variant: string, load: () => Promise<T>): Promise<T> {
      if (!listening || opts.ttlMs <= 0) {
        opts.events?.read(model, 'bypass');
        return load();
      }
      const key = keyOf(model, organisationId, variant);
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        opts.events?.read(model, 'hit');
        return entry.value as T;
      }
      if (entry) entries.delete(key);
      opts.events?.read(model, 'miss');
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const started = generation;
      const promise = load().then(
        (value) => {
          if (generation === started && listening) store(key, organisationId, value);
          if (loading.get(key) === promise) loading.delete(key);
          return value;
        },
        (err: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw err;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    invalidateOrganisation(organisationId, reason = 'notify') {
      invalidate((e) => e.organisationId === organisationId, reason);
    },
    clear(reason = 'local') {
      invalidate(() => true, reason);
    },
    setListening(value) {
      // Either way the cache starts empty: while nobody listened, notifications may have gone by.
      listening = value;
      invalidate(() => true, 'listener');
    },
    size: () => entries.size,
  };
}
