import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** The stores @fastify/rate-limit ships (CommonJS, without typings of their own). */
type Store = FastifyRateLimitStore & { read?(key: string, cb: Callback, timeWindow: number, max: number): void };
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/** Counts in Redis while it answers, else in this instance's memory. */
class RedisOrLocal implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly remote: Store,
    private readonly local: Store,
  ) {}

  private count(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    const local = () => (method === 'incr' ? this.local.incr(key, cb, timeWindow, max) : this.local.read!(key, cb, timeWindow, max));
    // Not connected: no waiting for reconnection attempts, the request is counted here at once.
    if (this.redis.status !== 'ready') return local();
    this.remote[method]!(key, (err, result) => (err ? local() : cb(null, result)), timeWindow, max);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.count('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.count('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new RedisOrLocal(this.redis, this.remote.child(routeOptions) as Store, this.local.child(routeOptions) as Store);
  }
}

/**
 * The rate limiter's store with several instances: counters in Redis, shared by every instance, and while Redis is
 * away, in each instance's memory (docs/faults.md). The plugin's own Redis store would answer every rate-limited
 * request with 500 during an outage (sign-in included), and `skipOnError` would stop counting altogether; counting
 * per instance keeps each address limited, only not across instances, until Redis returns (counts start afresh).
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends RedisOrLocal {
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
