/**
 * `npm run bench:all` (issue 31): the benchmarks with goals one after the other, each in a child process of its own,
 * then one table of the goals they judged (each bench writes them through harness.ts's reportGoals, BENCH_JSON), every
 * figure beside its same-run baseline. `--quick` shortens each run through its own variables. See bench/README.md.
 *
 * The exit status is 1 when a bench failed (it exited with 1: errors, failed checks, a crash) or left no result; a
 * missed goal is `NO` in the table, as in the benches themselves.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBenchmark, table, type Goal } from './harness';

const QUICK = process.argv.includes('--quick');
/** The PostgreSQL server of bench:api, bench:booking and bench:chat (bench:cluster keeps its own default). */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type Bench = { name: string; args: string[]; env: Record<string, string>; quick: Record<string, string> };

const BENCHES: Bench[] = [
  { name: 'bench:api', args: ['bench/api.bench.ts'], env: { BENCH_DATABASE_URL: POSTGRES_URL }, quick: { BENCH_DURATION: '3' } },
  { name: 'bench:booking', args: ['bench/booking.bench.ts'], env: { BENCH_DATABASE_URL: POSTGRES_URL }, quick: { BENCH_DURATION: '3' } },
  // Its length is set by its message count, a constant: the same run either way.
  { name: 'bench:chat', args: ['bench/chat.bench.ts'], env: { BENCH_DATABASE_URL: POSTGRES_URL }, quick: {} },
  { name: 'bench:cluster', args: ['bench/cluster.bench.ts'], env: {}, quick: { BENCH_DURATION: '10' } },
  {
    name: 'bench:cluster --soak',
    args: ['bench/cluster.bench.ts', '--soak'],
    env: {},
    quick: { BENCH_DURATION: '10', BENCH_SOAK_MINUTES: '2' },
  },
];

type Outcome = { bench: string; exitCode: number; seconds: number; goals: Goal[] | null };

/** Runs `args` with node and tsx; its stdout goes to ours and to `log`, its stderr (progress) to ours. */
function run(args: string[], env: Record<string, string>, log: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const file = createWriteStream(log);
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      file.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      file.end();
      resolve(code ?? 1);
    });
  });
}

/** The server's bundle from the current sources, as `npm run bench:cluster` builds it; the web app's must be there already. */
async function buildServer(): Promise<void> {
  if (!existsSync('apps/web/dist/index.html')) throw new Error('apps/web/dist is missing: run `npm run build` once first');
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`building the server failed (${code})`);
}

async function main(): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prsp-bench-all-'));
  console.error(`bench:all${QUICK ? ' --quick' : ''}: ${BENCHES.map((b) => b.name).join(', ')}; outputs in ${dir}`);
  await buildServer();
  const outcomes: Outcome[] = [];
  for (const bench of BENCHES) {
    const slug = bench.name.replace(/\W+/g, '-');
    const json = path.join(dir, `${slug}.json`);
    console.log(`\n===== ${bench.name}${QUICK ? ' (quick)' : ''} =====\n`);
    const started = performance.now();
    const env = { ...bench.env, ...(QUICK ? bench.quick : {}), BENCH_JSON: json };
    const exitCode = await run(bench.args, env, path.join(dir, `${slug}.log`));
    const goals = await readFile(json, 'utf8').then(
      (text) => JSON.parse(text) as Goal[],
      () => null,
    );
    outcomes.push({ bench: bench.name, exitCode, seconds: (performance.now() - started) / 1000, goals });
  }
  console.log(`\n===== summary${QUICK ? ' (--quick: short runs, a first look rather than the measurement)' : ''} =====\n`);
  const rows = outcomes.flatMap((o) =>
    o.goals && o.goals.length > 0
      ? o.goals.map((g) => [o.bench, g.measurement, g.value, g.baseline, g.goal, g.met ? 'met' : 'NO'])
      : [[o.bench, 'no result', '', '', '', 'NO']],
  );
  console.log(table(['bench', 'measurement', 'figure', 'same-run baseline', 'goal', 'met'], rows, 2));
  console.log('');
  for (const o of outcomes)
    console.log(`${o.bench}: ${o.exitCode === 0 ? 'ran cleanly' : `FAILED (exit ${o.exitCode})`} in ${o.seconds.toFixed(0)} s`);
  const met = rows.filter((r) => r[5] === 'met').length;
  console.log(`\n${met} of ${rows.length} goals met; outputs in ${dir}`);
  return outcomes.some((o) => o.exitCode !== 0 || o.goals === null) ? 1 : 0;
}

await runBenchmark(main);
