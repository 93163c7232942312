/**
 * Where bench:cluster's time goes (issue 31): the CPU and PostgreSQL work of the instances and of the stand-in broker,
 * from the probes each process answers (process-probe.ts), over a whole load or over one step of a visit; and the
 * top items of a V8 CPU profile taken over the load.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import type { Instance } from './cluster-proxy';
import { table } from './harness';
import type { ProbeAnswer } from './process-probe';

/**
 * The instances' figures (summed) and the broker's, at one moment, and the CPU milliseconds the local PostgreSQL
 * and Redis servers have used so far (null where /proc cannot tell, e.g. not Linux).
 */
export type Snapshot = {
  instances: ProbeAnswer[];
  broker: ProbeAnswer;
  servers: { postgres: number; redis: number } | null;
  /** Commands the Redis server has processed so far (NaN without a client). */
  redisCommands: number;
};

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU milliseconds of every process named `postgres` (the server and its backends) and `redis-server`, from
 * /proc/<pid>/stat: user and system time, and that of reaped children, so a backend that ended still counts through
 * the server that reaped it. The whole machine's: other databases' work on the same server counts too.
 */
async function serverCpuMs(): Promise<{ postgres: number; redis: number } | null> {
  const pids = await readdir('/proc').catch(() => null);
  if (!pids) return null;
  const totals = { postgres: 0, redis: 0 };
  await Promise.all(
    pids
      .filter((p) => /^\d+$/.test(p))
      .map(async (pid) => {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        const name = /\((.*)\)/.exec(stat)?.[1];
        const which = name === 'postgres' ? 'postgres' : name === 'redis-server' ? 'redis' : null;
        if (!which) return;
        // The fields after the name: state is the first, utime, stime, cutime and cstime the 12th to 15th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
        totals[which] += (ticks * 1000) / TICKS_PER_S;
      }),
  );
  return totals;
}

export type Costs = {
  /** CPU milliseconds of the app instances, all of them together. */
  instanceCpuMs: number;
  statements: number;
  transactions: number;
  writeTransactions: number;
  brokerCpuMs: number;
  brokerStatements: number;
  /** Commands the Redis server processed: all its clients', so this run's only while nothing else uses it. */
  redisCommands: number;
  /** The local PostgreSQL and Redis servers' CPU milliseconds (NaN where they cannot be read). */
  postgresCpuMs: number;
  redisCpuMs: number;
};

export const NO_COSTS: Costs = {
  instanceCpuMs: 0,
  statements: 0,
  transactions: 0,
  writeTransactions: 0,
  brokerCpuMs: 0,
  brokerStatements: 0,
  redisCommands: 0,
  postgresCpuMs: 0,
  redisCpuMs: 0,
};

/** Redis's count of the commands it has processed (`INFO stats`), NaN without a client. */
async function redisCommandCount(redis: Redis | undefined): Promise<number> {
  if (!redis) return NaN;
  return Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? NaN);
}

export async function snapshot(instances: Instance[], broker: Instance, redis?: Redis): Promise<Snapshot> {
  const [servers, redisCommands, brokerAnswer, ...answers] = await Promise.all([
    serverCpuMs(),
    redisCommandCount(redis),
    broker.probe(),
    ...instances.map((i) => i.probe()),
  ]);
  return {
    instances: answers as ProbeAnswer[],
    broker: brokerAnswer as ProbeAnswer,
    servers: servers as Snapshot['servers'],
    redisCommands: redisCommands as number,
  };
}

const cpuMs = (a: ProbeAnswer) => (a.cpu.user + a.cpu.system) / 1000;

export function costsBetween(from: Snapshot, to: Snapshot): Costs {
  const sum = (pick: (a: ProbeAnswer) => number) => to.instances.reduce((s, a, i) => s + pick(a) - pick(from.instances[i]!), 0);
  return {
    instanceCpuMs: sum(cpuMs),
    statements: sum((a) => a.statements),
    transactions: sum((a) => a.transactions),
    writeTransactions: sum((a) => a.writeTransactions),
    brokerCpuMs: cpuMs(to.broker) - cpuMs(from.broker),
    brokerStatements: to.broker.statements - from.broker.statements,
    redisCommands: to.redisCommands - from.redisCommands,
    postgresCpuMs: to.servers && from.servers ? to.servers.postgres - from.servers.postgres : NaN,
    redisCpuMs: to.servers && from.servers ? to.servers.redis - from.servers.redis : NaN,
  };
}

/** The instances' statements between two snapshots, by text (what bench:cluster --statements lists per step). */
export function statementsBetween(from: Snapshot, to: Snapshot, into = new Map<string, number>()): Map<string, number> {
  to.instances.forEach((answer, i) => {
    const before = from.instances[i]!.byText;
    for (const [text, n] of Object.entries(answer.byText)) {
      const sent = n - (before[text] ?? 0);
      if (sent > 0) into.set(text, (into.get(text) ?? 0) + sent);
    }
  });
  return into;
}

/** Per step, the statements sent most often per visit, their text shortened to one line. */
export function topStatementsTable(byStep: Map<string, Map<string, number>>, visits: number, top = 8): string {
  const body = [...byStep].flatMap(([step, texts]) =>
    [...texts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([text, n], i) => [i === 0 ? step : '', (n / visits).toFixed(1), text.replace(/\s+/g, ' ').slice(0, 140)]),
  );
  return table(['step', 'per visit', 'statement'], body, 1);
}

const KEYS = Object.keys(NO_COSTS) as (keyof Costs)[];

export function addCosts(a: Costs, b: Costs, sign = 1): Costs {
  return Object.fromEntries(KEYS.map((k) => [k, a[k] + sign * b[k]])) as Costs;
}

function perVisit(c: Costs, visits: number): string[] {
  const f = (value: number, digits: number) => (visits > 0 ? (value / visits).toFixed(digits) : 'n/a');
  return [
    f(c.instanceCpuMs, 1),
    f(c.statements, 1),
    f(c.transactions, 1),
    f(c.writeTransactions, 1),
    f(c.brokerCpuMs, 1),
    f(c.brokerStatements, 1),
    f(c.redisCommands, 1),
    f(c.postgresCpuMs, 1),
    f(c.redisCpuMs, 1),
  ];
}

const COST_COLUMNS = [
  'instance CPU ms',
  'statements',
  'transactions',
  'writing',
  'broker CPU ms',
  'broker statements',
  'Redis commands',
  'PostgreSQL CPU ms',
  'Redis CPU ms',
];

/** The whole-visit costs under load, one row per configuration, with the load generator's own CPU beside them. */
export function loadCostTable(rows: { label: string; visits: number; wallS: number; costs: Costs; benchCpuMs: number }[]): string {
  const header = ['configuration', 'visits', ...COST_COLUMNS.map((c) => `${c}/visit`), 'instance cores busy', 'bench CPU ms/visit'];
  const body = rows.map((r) => [
    r.label,
    String(r.visits),
    ...perVisit(r.costs, r.visits),
    (r.costs.instanceCpuMs / 1000 / r.wallS).toFixed(2),
    r.visits > 0 ? (r.benchCpuMs / r.visits).toFixed(1) : 'n/a',
  ]);
  return table(header, body, 1);
}

/** Per step, per visit: what one patient's visits alone cost, step by step (the steps in `order`, then the rest). */
export function stepCostTable(steps: readonly string[], costs: Map<string, Costs>, whole: Costs, visits: number): string {
  const inSteps = steps.reduce((sum, s) => addCosts(sum, costs.get(s) ?? NO_COSTS), NO_COSTS);
  const rest = addCosts(whole, inSteps, -1);
  const body = [
    ...steps.map((s) => [s, ...perVisit(costs.get(s) ?? NO_COSTS, visits)]),
    ['between the steps (chat join, end)', ...perVisit(rest, visits)],
    ['whole visit', ...perVisit(whole, visits)],
  ];
  return table(['step (per visit)', ...COST_COLUMNS], body, 1);
}

/** A V8 CPU profile as `Profiler.stop` returns it (the parts read here). */
type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Where a function lives: a package of node_modules, Node's own code, the app's bundle, or V8's pseudo-frames. */
function ownerOf(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node (built-in modules)';
  if (url.includes('apps/server/dist/')) return 'the app (dist/main.js)';
  if (url === '') return functionName; // (garbage collector), (program), (idle)
  return url.replace(/^file:\/\/.*\/bench\//, 'bench/');
}

/**
 * The top items of the profiles' self time over the window they cover, by owner (package) and by function, as shares
 * of the busy time (idle excluded).
 */
export async function profileSummary(files: string[], top = 12): Promise<string> {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const file of files) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)!;
      const us = profile.timeDeltas[i] ?? 0;
      if (frame.functionName === '(idle)') return;
      busy += us;
      const owner = ownerOf(frame.url, frame.functionName);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
      const where = frame.url
        ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
        : '';
      const name = `${frame.functionName || '(anonymous)'}${where}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    });
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => [name, (us / 1000).toFixed(0), `${((100 * us) / busy).toFixed(1)} %`]);
  return [
    `busy CPU in the profiles: ${(busy / 1000).toFixed(0)} ms`,
    table(['self time by owner', 'ms', 'share'], rows(byOwner), 1),
    '',
    table(['self time by function', 'ms', 'share'], rows(byFunction), 1),
  ].join('\n');
}
