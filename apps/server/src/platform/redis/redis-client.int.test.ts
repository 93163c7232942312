import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { freePortIn, PORT_RANGES } from '../../test/faults/ports';
import { privateRedisMissing, REDIS_SERVER, startPrivateRedis, type PrivateRedis } from '../../test/faults/private-redis';
import { createRedis } from './redis-client';

/**
 * The app's Redis client through a real Sentinel (docs/deployment.md 'Redis'), as an operator configures it: a master
 * and its replica and a sentinel watching them, all of this file's own (a failover is part of the test, and the
 * machine's shared Redis must neither be demoted nor see the sentinel's traffic). Password and database number come
 * from REDIS_URL; the sentinel is the only address the client is given.
 */

const missing = privateRedisMissing();
if (missing) console.warn(`Redis Sentinel tests skipped: ${missing}`);

const PASSWORD = 'sentinel-test-password';
const DB = 14;
const MASTER = 'mymaster';

/** Polls `check` until it returns a value other than undefined; `what` names it in the timeout's error. */
async function until<T>(what: string, check: () => Promise<T | undefined>, attempts = 300): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** `redis-server <file> --sentinel` on `port`, resolved once it monitors the master. */
async function spawnSentinel(dir: string, port: number, masterPort: number): Promise<ChildProcess> {
  const file = path.join(dir, 'sentinel.conf');
  // Sentinel rewrites its file as it learns the replica and the new master: a file of this test's own.
  writeFileSync(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `sentinel monitor ${MASTER} 127.0.0.1 ${masterPort} 1`,
      `sentinel auth-pass ${MASTER} ${PASSWORD}`,
      `sentinel down-after-milliseconds ${MASTER} 1000`,
      `sentinel failover-timeout ${MASTER} 10000`,
      '',
    ].join('\n'),
  );
  const child = spawn(REDIS_SERVER, [file, '--sentinel'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('+monitor master')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server --sentinel exited (${code}):\n${output.slice(-2000)}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

const portOf = (client: Redis) => (client as unknown as { stream?: { remotePort?: number } }).stream?.remotePort;

describe.skipIf(missing !== null)('createRedis through Redis Sentinel', () => {
  let master: PrivateRedis;
  let replica: PrivateRedis;
  let sentinelProcess: ChildProcess;
  let sentinel: Redis;
  let dir: string;
  /** The first master itself, on database 14. */
  let onMaster: Redis;
  const clients: Redis[] = [];
  const direct = (port: number) => {
    const client = new Redis({ port, host: '127.0.0.1', password: PASSWORD, db: DB, maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'prsp-sentinel-'));
    master = await startPrivateRedis();
    replica = await startPrivateRedis();
    for (const server of [master, replica]) {
      const admin = new Redis(server.url);
      // The replica loads the master's snapshot from the socket: by default it writes it to dump.rdb in the checkout.
      await admin.config('SET', 'repl-diskless-load', 'swapdb');
      await admin.config('SET', 'masterauth', PASSWORD);
      await admin.config('SET', 'requirepass', PASSWORD);
      admin.disconnect();
    }
    onMaster = direct(master.port);
    await direct(replica.port).replicaof('127.0.0.1', String(master.port));
    await until('the replica in sync', async () => ((await onMaster.info('replication')).includes('state=online') ? true : undefined));

    const sentinelPort = await freePortIn(PORT_RANGES.redis);
    sentinelProcess = await spawnSentinel(dir, sentinelPort, master.port);
    sentinel = new Redis({ port: sentinelPort, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    // A failover needs a replica the sentinel knows and has heard from.
    await until('the sentinel to know the replica', async () => {
      const replicas = (await sentinel.call('SENTINEL', 'REPLICAS', MASTER)) as string[][];
      return replicas.some((r) => r.includes(String(replica.port)) && r[r.indexOf('flags') + 1] === 'slave') ? true : undefined;
    });
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    sentinel?.disconnect();
    if (sentinelProcess && sentinelProcess.exitCode === null) {
      const exited = once(sentinelProcess, 'exit');
      sentinelProcess.kill('SIGKILL');
      await exited;
    }
    await replica?.stop();
    await master?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function appClient(): Redis {
    const config = loadConfig({ REDIS_SENTINELS: `127.0.0.1:${sentinel.options.port}`, REDIS_URL: `redis://:${PASSWORD}@${MASTER}/${DB}` });
    const client = createRedis(config.redis!);
    clients.push(client);
    return client;
  }

  test('reaches the master the sentinel names, with the password and database number of REDIS_URL', async () => {
    const client = appClient();
    await client.set('prsp-sentinel:greeting', 'hello', 'EX', 60);
    expect(await client.get('prsp-sentinel:greeting')).toBe('hello');
    expect(portOf(client)).toBe(master.port);
    // Written to database 14 of the master itself.
    expect(await onMaster.get('prsp-sentinel:greeting')).toBe('hello');
  });

  test("a stream roundtrip, the Socket.IO adapter's way: XREAD blocking on a duplicate while the client adds", async () => {
    const client = appClient();
    // realtime.ts gives the adapter `redis.duplicate()`: it must follow the sentinel too, not some default host.
    const reader = client.duplicate();
    clients.push(reader);
    const read = reader.xread('BLOCK', 10_000, 'STREAMS', 'prsp-sentinel:stream', '$');
    await until('the reader to block', async () => (((await onMaster.client('LIST')) as string).includes('cmd=xread') ? true : undefined));
    const id = await client.xadd('prsp-sentinel:stream', 'MAXLEN', '~', '100', '*', 'event', 'chat:message');
    expect(await read).toEqual([['prsp-sentinel:stream', [[id, ['event', 'chat:message']]]]]);
    expect(portOf(reader)).toBe(master.port);
  });

  test('after a failover the client writes to the new master, nobody restarting anything', async () => {
    const client = appClient();
    await client.set('prsp-sentinel:before', '1');
    // Replication is asynchronous: a write the replica has not yet had is lost in a failover (the app keeps nothing
    // there that must survive one). Here the replica has it before the switch.
    expect(await client.wait(1, 10_000)).toBe(1);
    await sentinel.call('SENTINEL', 'FAILOVER', MASTER);
    await until('the sentinel to name the replica master', async () => {
      const [, port] = (await sentinel.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER)) as [string, string];
      return Number(port) === replica.port ? true : undefined;
    });
    // Commands during the switch may fail (maxRetriesPerRequest); one soon succeeds, on the new master.
    await until('a write on the new master', async () => {
      await client.set('prsp-sentinel:after', '2');
      return portOf(client) === replica.port ? true : undefined;
    });
    const promoted = direct(replica.port);
    expect(await promoted.mget('prsp-sentinel:before', 'prsp-sentinel:after')).toEqual(['1', '2']);
    expect((await promoted.role())[0]).toBe('master');
  }, 60_000);
});
