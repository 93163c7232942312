/**
 * bench:cluster --soak (issue 31): one instance steady over time. A short closed-loop run of the usual visits finds the
 * sustainable rate (whole visits a second with that many patients at once) and warms the instance up; then visits start
 * at half that rate, on a fixed schedule whatever the answers' pace (open loop), for BENCH_SOAK_MINUTES (20). Every
 * minute the instance's memory (after a full GC), its event loop's delay, the bench database's connections, the jobs
 * backlog and each step's latencies and errors are taken; growth is judged from the end of the first minute to the end.
 */
import pg from 'pg';
import type { Instance } from './cluster-proxy';
import { latencyOf, ms, table, type Goal } from './harness';
import type { Sample } from './process-probe';

/** Minutes of open-loop load: BENCH_SOAK_MINUTES, else 20. */
export const SOAK_MINUTES = soakMinutes();
/** Memory may grow this much (a fraction) from the start (after warm-up) to the end. */
const GROWTH_LIMIT = 0.1;
/** How long the visits still running at the end may take to finish before they count as failed. */
const DRAIN_LIMIT_MS = 60_000;

function soakMinutes(): number {
  const raw = process.env.BENCH_SOAK_MINUTES;
  if (raw === undefined || raw === '') return 20;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_SOAK_MINUTES must be a positive whole number, got "${raw}"`);
  return value;
}

/** What a visit records into: cluster.bench.ts's recorder takes the same shape. */
export type SoakRecorder<S extends string> = { latencies: Map<S, number[]>; errors: Map<S, string[]>; visits: number };

export type SoakCluster<S extends string> = {
  steps: readonly S[];
  /** One whole visit, each step's latency or error recorded in `rec`. */
  visit: (rec: SoakRecorder<S>) => Promise<void>;
  instance: Instance;
  /** The bench's scratch database: its URL (for the connections and jobs queries) and name. */
  databaseUrl: string;
  databaseName: string;
  /** Patients at once in the closed-loop run that finds the sustainable rate, and its length in seconds. */
  patients: number;
  calibrationS: number;
};

export type SoakResult = { report: string; failures: string[]; goals: Goal[] };

type Minute<S extends string> = {
  minute: number;
  rec: SoakRecorder<S>;
  started: number;
  sample: Sample & { rssBytes: number };
  inFlight: number;
  connections: number;
  jobs: { due: number; running: number; failed: number };
  /** How far the schedule's starts ran behind their times during the minute, at most (the load generator's own lag). */
  lateMs: number;
};

const recorder = <S extends string>(steps: readonly S[]): SoakRecorder<S> => ({
  latencies: new Map(steps.map((s) => [s, []])),
  errors: new Map(steps.map((s) => [s, []])),
  visits: 0,
});

const errorsOf = <S extends string>(rec: SoakRecorder<S>) => [...rec.errors.values()].reduce((n, e) => n + e.length, 0);

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export async function soak<S extends string>(c: SoakCluster<S>): Promise<SoakResult> {
  const lines: string[] = [];
  const log = (line: string) => {
    console.error(`[soak] ${line}`);
    lines.push(line);
  };
  const client = new pg.Client({ connectionString: c.databaseUrl });
  await client.connect();
  try {
    const calibration = recorder(c.steps);
    const calibrationStarted = performance.now();
    const calibrationEnds = Date.now() + c.calibrationS * 1000;
    await Promise.all(
      Array.from({ length: c.patients }, async () => {
        while (Date.now() < calibrationEnds) await c.visit(calibration).catch(() => undefined);
      }),
    );
    const sustainable = calibration.visits / ((performance.now() - calibrationStarted) / 1000);
    const rate = sustainable / 2;
    if (!(rate > 0)) throw new Error(`the closed-loop run completed no visit (${errorsOf(calibration)} errors)`);
    log(
      `sustainable rate: ${sustainable.toFixed(2)} whole visits/s (${c.patients} patients at once for ${c.calibrationS} s, ` +
        `${errorsOf(calibration)} errors); soak: a visit started every ${(1000 / rate).toFixed(0)} ms ` +
        `(${rate.toFixed(2)}/s) for ${SOAK_MINUTES} min`,
    );

    let inFlight = 0;
    let started = 0;
    let failedVisits = 0;
    let lateMs = 0;
    const running = new Set<Promise<void>>();
    const take = async (minute: number, rec: SoakRecorder<S>, startedInMinute: number): Promise<Minute<S>> => {
      const [answer, connections, jobs] = await Promise.all([
        c.instance.probe({ kind: 'sample' }),
        client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
          c.databaseName,
        ]),
        client.query<Minute<S>['jobs']>(
          `select count(*) filter (where state = 'queued' and run_at <= now())::int as due,
             count(*) filter (where state = 'running')::int as running, count(*) filter (where state = 'failed')::int as failed
           from jobs`,
        ),
      ]);
      const m = {
        minute,
        rec,
        started: startedInMinute,
        sample: { ...answer.sample!, rssBytes: answer.rssBytes },
        inFlight,
        connections: connections.rows[0]!.n,
        jobs: jobs.rows[0]!,
        lateMs,
      };
      lateMs = 0;
      return m;
    };

    const minutes: Minute<S>[] = [await take(0, calibration, calibration.visits)];
    const interval = 1000 / rate;
    const t0 = performance.now();
    for (let minute = 1; minute <= SOAK_MINUTES; minute++) {
      const rec = recorder(c.steps);
      const startedBefore = started;
      const minuteEnds = t0 + minute * 60_000;
      for (;;) {
        const due = t0 + started * interval;
        if (due >= minuteEnds) break;
        await sleepUntil(due);
        lateMs = Math.max(lateMs, performance.now() - due);
        started++;
        inFlight++;
        const visit = c
          .visit(rec)
          .catch(() => {
            failedVisits++;
          })
          .finally(() => {
            inFlight--;
            running.delete(visit);
          });
        running.add(visit);
      }
      await sleepUntil(minuteEnds);
      // Taken while the load still runs, so that the first and the last sample see the same steady state.
      minutes.push(await take(minute, rec, started - startedBefore));
      log(`minute ${minute}: ${describe(minutes.at(-1)!)}`);
    }
    const drained = await Promise.race([
      Promise.all(running).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_LIMIT_MS)),
    ]);
    const stuck = drained ? 0 : running.size;
    const result = judge(c.steps, minutes, { sustainable, rate, started, failedVisits, stuck, lines });
    for (const [step, e] of calibration.errors)
      if (e.length > 0)
        result.failures.push(`soak's closed-loop run, ${step}: ${e.length} errors, e.g. ${[...new Set(e)].slice(0, 3).join(' | ')}`);
    return result;
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function describe<S extends string>(m: Minute<S>): string {
  return (
    `${m.started} visits started, ${m.inFlight} in flight, RSS ${mb(m.sample.rssBytes)} MB, heap ${mb(m.sample.heapUsedBytes)} MB, ` +
    `loop p99 ${ms(m.sample.loopDelayP99Ms)} ms, ${m.connections} connections, ${errorsOf(m.rec)} errors`
  );
}

function judge<S extends string>(
  steps: readonly S[],
  minutes: Minute<S>[],
  run: { sustainable: number; rate: number; started: number; failedVisits: number; stuck: number; lines: string[] },
): SoakResult {
  const soakMinutes = minutes.slice(1);
  const first = minutes.length > 2 ? minutes[1]! : minutes[0]!;
  const last = minutes.at(-1)!;
  const growth = (pick: (m: Minute<S>) => number) => (pick(last) - pick(first)) / pick(first);
  const rss = growth((m) => m.sample.rssBytes);
  const heap = growth((m) => m.sample.heapUsedBytes);
  const stepErrors = soakMinutes.reduce((n, m) => n + errorsOf(m.rec), 0);
  // A visit ends at its first failed step, or fails between the steps (joining the chat's room): one error each.
  const errors = run.failedVisits + run.stuck;
  const completed = soakMinutes.reduce((n, m) => n + m.rec.visits, 0);
  const yes = (ok: boolean) => (ok ? 'met' : 'NO');
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %`;

  const resources = table(
    [
      'minute',
      'visits started',
      'done',
      'in flight',
      'RSS MB',
      'heap MB',
      'loop p99 ms',
      'loop max ms',
      'DB conns',
      'jobs due/running/failed',
      'errors',
      'late ms',
    ],
    minutes.map((m) => [
      m.minute === 0 ? '0 (closed loop)' : String(m.minute),
      String(m.started),
      String(m.rec.visits),
      String(m.inFlight),
      mb(m.sample.rssBytes),
      mb(m.sample.heapUsedBytes),
      ms(m.sample.loopDelayP99Ms),
      ms(m.sample.loopDelayMaxMs),
      String(m.connections),
      `${m.jobs.due}/${m.jobs.running}/${m.jobs.failed}`,
      String(errorsOf(m.rec)),
      m.minute === 0 ? '' : ms(m.lateMs),
    ]),
    1,
  );
  const latencies = table(
    ['minute', ...steps.map((s) => `${s} p50/p99`)],
    minutes.map((m) => [
      m.minute === 0 ? '0 (closed loop)' : String(m.minute),
      ...steps.map((s) => {
        const l = latencyOf(m.rec.latencies.get(s)!);
        return `${ms(l.p50)}/${ms(l.p99)}`;
      }),
    ]),
    1,
  );
  const goals: Goal[] = [
    {
      measurement: `soak: instance RSS after GC, minute ${first.minute} → ${last.minute}`,
      value: `${mb(last.sample.rssBytes)} MB (${pct(rss)})`,
      baseline: `${mb(first.sample.rssBytes)} MB`,
      goal: `growth < ${100 * GROWTH_LIMIT} %`,
      met: rss < GROWTH_LIMIT,
    },
    {
      measurement: `soak: instance V8 heap after GC, minute ${first.minute} → ${last.minute}`,
      value: `${mb(last.sample.heapUsedBytes)} MB (${pct(heap)})`,
      baseline: `${mb(first.sample.heapUsedBytes)} MB`,
      goal: `growth < ${100 * GROWTH_LIMIT} %`,
      met: heap < GROWTH_LIMIT,
    },
    {
      measurement: `soak: errors over ${SOAK_MINUTES} min at ${run.rate.toFixed(2)} visits/s`,
      value: String(errors),
      baseline: `${run.started} visits started`,
      goal: '0',
      met: errors === 0,
    },
  ];
  const failures: string[] = [];
  for (const m of soakMinutes)
    for (const [step, e] of m.rec.errors)
      if (e.length > 0)
        failures.push(`soak minute ${m.minute}, ${step}: ${e.length} errors, e.g. ${[...new Set(e)].slice(0, 3).join(' | ')}`);
  if (run.failedVisits > stepErrors) failures.push(`soak: ${run.failedVisits} visits failed (outside the timed steps too)`);
  if (run.stuck > 0) failures.push(`soak: ${run.stuck} visits still running ${DRAIN_LIMIT_MS / 1000} s after the end`);
  const report = [
    `Soak, one instance: ${run.lines[0]}`,
    `${run.started} visits started, ${completed} completed, ${run.failedVisits} failed, ${run.stuck} not finished ${DRAIN_LIMIT_MS / 1000} s after the end`,
    '',
    "Per minute (memory after a full GC; loop delay since the previous sample; DB conns: the bench database's, besides this query's own; jobs due: queued and past their time):",
    resources,
    '',
    'Latency per step, ms, of the visits started in that minute:',
    latencies,
    '',
    table(
      ['soak', 'start', 'end', 'growth / figure', 'goal', 'met'],
      [
        ['RSS MB', mb(first.sample.rssBytes), mb(last.sample.rssBytes), pct(rss), `< ${100 * GROWTH_LIMIT} %`, yes(rss < GROWTH_LIMIT)],
        [
          'heap MB',
          mb(first.sample.heapUsedBytes),
          mb(last.sample.heapUsedBytes),
          pct(heap),
          `< ${100 * GROWTH_LIMIT} %`,
          yes(heap < GROWTH_LIMIT),
        ],
        ['errors', '', '', String(errors), '0', yes(errors === 0)],
      ],
      1,
    ),
    `start = the end of minute ${first.minute} (after the closed-loop run${first.minute > 0 ? ' and a minute of the soak' : ''}); end = minute ${last.minute}, both while the load runs`,
  ].join('\n');
  return { report, failures, goals };
}
