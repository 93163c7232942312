/**
 * Where bench:cluster's time goes (issue 31): the CPU and PostgreSQL work of the instances and of the stand-in broker,
 * from the probes each process answers (process-probe.ts), over a whole load or over one step of a visit; and the
 * top items of a V8 CPU profile taken over the load.
 */
import { readFile } from 'node:fs/promises';
import type { Instance } from './cluster-proxy';
import { table } from './harness';
import type { ProbeAnswer } from './process-probe';

/** The instances' figures (summed) and the broker's, at one moment. */
export type Snapshot = { instances: ProbeAnswer[]; broker: ProbeAnswer };

export type Costs = {
  /** CPU milliseconds of the app instances, all of them together. */
  instanceCpuMs: number;
  statements: number;
  transactions: number;
  writeTransactions: number;
  brokerCpuMs: number;
  brokerStatements: number;
};

export const NO_COSTS: Costs = {
  instanceCpuMs: 0,
  statements: 0,
  transactions: 0,
  writeTransactions: 0,
  brokerCpuMs: 0,
  brokerStatements: 0,
};

export async function snapshot(instances: Instance[], broker: Instance): Promise<Snapshot> {
  const [brokerAnswer, ...answers] = await Promise.all([broker.probe(), ...instances.map((i) => i.probe())]);
  return { instances: answers, broker: brokerAnswer! };
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
  };
}

export function addCosts(a: Costs, b: Costs): Costs {
  return {
    instanceCpuMs: a.instanceCpuMs + b.instanceCpuMs,
    statements: a.statements + b.statements,
    transactions: a.transactions + b.transactions,
    writeTransactions: a.writeTransactions + b.writeTransactions,
    brokerCpuMs: a.brokerCpuMs + b.brokerCpuMs,
    brokerStatements: a.brokerStatements + b.brokerStatements,
  };
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
  ];
}

const COST_COLUMNS = ['instance CPU ms', 'statements', 'transactions', 'writing', 'broker CPU ms', 'broker statements'];

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
  const rest: Costs = {
    instanceCpuMs: whole.instanceCpuMs - inSteps.instanceCpuMs,
    statements: whole.statements - inSteps.statements,
    transactions: whole.transactions - inSteps.transactions,
    writeTransactions: whole.writeTransactions - inSteps.writeTransactions,
    brokerCpuMs: whole.brokerCpuMs - inSteps.brokerCpuMs,
    brokerStatements: whole.brokerStatements - inSteps.brokerStatements,
  };
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
