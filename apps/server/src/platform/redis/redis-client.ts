import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../../config';

export type RedisConfig = NonNullable<Config['redis']>;

/** Commands fail after two reconnection attempts instead of waiting for Redis forever (docs/faults.md). */
const COMMON: RedisOptions = { maxRetriesPerRequest: 2 };

/**
 * The app's Redis client: one server at a URL, or whichever server the sentinels name master now. Through Sentinel,
 * ioredis asks the sentinels for the master on every (re)connection and checks that the server it reaches is master;
 * the failover detector also drops the connection as soon as the sentinels announce a new master, rather than when
 * the old one's socket is found dead (a partitioned master may never close it). `duplicate()` keeps these options, so
 * the Socket.IO adapter's own connection follows the master too.
 */
export function createRedis(redis: RedisConfig): Redis {
  if (redis.kind === 'standalone') return new Redis(redis.url, COMMON);
  return new Redis({
    ...COMMON,
    sentinels: redis.sentinels,
    name: redis.masterName,
    username: redis.username,
    password: redis.password,
    db: redis.db,
    sentinelPassword: redis.sentinelPassword,
    failoverDetector: true,
  });
}
