/**
 * Loaded with `--import` into each process bench:cluster starts (the app instances, the stand-in broker): counts what
 * the process sends to PostgreSQL and answers the bench's `probe` message (an IPC channel) with its own CPU time and
 * those counts, so the bench can attribute CPU and statements to a whole load or to one step of a visit.
 *
 * Node runs this file as it is (type stripping): erasable syntax only, no imports of the app's TypeScript.
 *
 * Counted at the driver (`pg.Client.prototype.query`, what drizzle and the pool call): `statements` are the queries
 * other than transaction control; `transactions` are the transactions the server commits or rolls back: each
 * BEGIN…COMMIT block once, and each statement sent outside one (autocommit) once. pg_stat_statements needs
 * `shared_preload_libraries`, which the local server does not load, and pg_stat_database flushes its counters late.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import pg from 'pg';

export type ProbeAnswer = {
  /** process.cpuUsage() of the process: user and system microseconds since it started. */
  cpu: { user: number; system: number };
  statements: number;
  transactions: number;
  /** Of `transactions`: those that wrote (an INSERT, UPDATE or DELETE in them). */
  writeTransactions: number;
  /** Statements by their text (parameters are placeholders, so one text is one query shape): how often each was sent. */
  byText: Record<string, number>;
  rssBytes: number;
  /** Answering a `sample` request: the heap after a full GC (rssBytes is then after it too) and the event loop's delay. */
  sample?: Sample;
};

export type Sample = {
  heapUsedBytes: number;
  /** The event loop's delay since the previous sample (the first sample starts the measuring: NaN). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
};

let statements = 0;
let transactions = 0;
let writeTransactions = 0;
const byText: Record<string, number> = {};
/** Per connection: inside BEGIN…COMMIT, and whether that transaction wrote. */
const open = new WeakMap<object, { wrote: boolean }>();

function sqlOf(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') return config.text;
  return '';
}

function count(client: object, sql: string): void {
  const head = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  const writes = /\b(insert|update|delete)\b/i.test(sql);
  if (head === 'begin' || head === 'start') {
    open.set(client, { wrote: false });
    return;
  }
  if (head === 'commit' || head === 'rollback') {
    if (open.get(client)?.wrote) writeTransactions++;
    open.delete(client);
    transactions++;
    return;
  }
  statements++;
  byText[sql] = (byText[sql] ?? 0) + 1;
  const tx = open.get(client);
  if (tx) tx.wrote ||= writes;
  else {
    transactions++;
    if (writes) writeTransactions++;
  }
}

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: object, ...args: unknown[]) {
  count(this, sqlOf(args[0]));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** What the bench asks: the figures now, or the same after starting a CPU profile, or after writing it to `file`. */
export type ProbeRequest = { kind: 'probe' } | { kind: 'profile-start' } | { kind: 'profile-stop'; file: string } | { kind: 'sample' };

/** V8's sampling profiler through the inspector, so that a profile covers exactly the window the bench chooses. */
let profiler: Session | undefined;

let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;

/**
 * Memory and event loop for bench:cluster --soak: the event loop's delay since the last sample (read before the GC, so
 * its pause falls in the next span), then the heap that is still live after a full collection through the inspector.
 */
async function sample(): Promise<Sample> {
  const delay = loopDelay ? { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 } : { p99: NaN, max: NaN };
  loopDelay ??= monitorEventLoopDelay({ resolution: 10 });
  loopDelay.reset();
  loopDelay.enable();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.collectGarbage');
  session.disconnect();
  return { heapUsedBytes: getHeapStatistics().used_heap_size, loopDelayP99Ms: delay.p99, loopDelayMaxMs: delay.max };
}

async function answer(request: ProbeRequest): Promise<ProbeAnswer> {
  const sampled = request.kind === 'sample' ? await sample() : undefined;
  if (request.kind === 'profile-start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  } else if (request.kind === 'profile-stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = undefined;
    await writeFile(request.file, JSON.stringify(profile));
  }
  return {
    cpu: process.cpuUsage(),
    statements,
    transactions,
    writeTransactions,
    byText: { ...byText },
    rssBytes: process.memoryUsage.rss(),
    ...(sampled && { sample: sampled }),
  };
}

process.on('message', (request: ProbeRequest) => {
  void answer(request).then((a) => process.send?.(a));
});
// The channel must not keep a process alive that would otherwise end (SIGTERM ends the app with process.exit anyway).
process.channel?.unref();
