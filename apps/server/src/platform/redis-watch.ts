import type { Redis } from 'ioredis';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Logs a Redis connection going away once, and its return once, instead of ioredis printing every failed
 * reconnection attempt to the console ('Unhandled error event') while Redis is down. ioredis reconnects by itself;
 * what the product does meanwhile is in docs/faults.md.
 */
export function watchRedis(client: Redis, log: Log, role: string): void {
  let down = false;
  client.on('error', (err: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn({ redis: role, code: err.code }, 'Redis unreachable: reconnecting (see docs/faults.md for what degrades)');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'Redis reachable again');
  });
}
