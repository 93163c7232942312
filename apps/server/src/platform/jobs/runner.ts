import type { Db } from '../../db/client';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from './backoff';
import { describeJobError, JobError, stackFrames } from './job-error';
import { claimJobs, markJobDone, markJobFailed, scheduleJobRetry, type Claim, type JobRow } from './jobs.repo';
import { enqueueJob, type JobKind, type JobPayloads } from './queue';
import { assertSchedule, currentPeriod, type JobSchedule } from './schedule';

type LogFn = (obj: Record<string, unknown>, msg: string) => void;
/** The part of a pino/Fastify logger the runner uses. Log lines carry job ids and kinds, never payloads. */
export type JobLog = { info: LogFn; warn: LogFn; error: LogFn };

/** What a handler learns about the run it is doing. */
export type JobContext = {
  jobId: string;
  kind: string;
  /** 1 on the first run, counting every claim (a run cut short by a crash counts). */
  attempt: number;
  maxAttempts: number;
  /** Whether a failure now marks the job failed instead of retrying it. */
  isLastAttempt: boolean;
  /** The runner's clock when the run began (tests drive it). */
  now: Date;
  /** The runner's log with `jobId`, `kind` and `attempt` on every line. */
  log: JobLog;
};

/**
 * Does one job. Resolving marks it done; throwing retries it with backoff, or marks it failed after its last attempt.
 * Throw a `JobError` to give the operator a reason (its text is stored); other errors are stored by class and code.
 * A job may run more than once (a runner that dies mid-run, a claim that outlives the lease), so make handlers
 * idempotent: check whether the work is already done before doing it.
 */
export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], ctx: JobContext) => Promise<void>;

export type JobOptions = {
  /** Waits between attempts (default: 30 s doubling, at most an hour). */
  backoff?: Partial<Backoff>;
  /**
   * How long a claim keeps the job from other runners (default 5 minutes). Make it longer than the longest run:
   * when it runs out, another runner takes the job up as if this one had died.
   */
  leaseMs?: number;
};

export type ScheduleOptions<K extends JobKind> = {
  /** The payload of each period's job (default `{}`). */
  payload?: JobPayloads[K];
  /** Attempts per period (default 5); a period that fails for good is left failed and the next one runs. */
  maxAttempts?: number;
};

export type RunResult = { claimed: number; done: number; retried: number; failed: number };

export type JobRunner = {
  /** Registers the handler of a kind; this runner claims only kinds it has handlers for. */
  register<K extends JobKind>(kind: K, handler: JobHandler<K>, options?: JobOptions): void;
  /**
   * Runs a registered kind on a schedule. Every instance may declare the same schedule: each period's job is enqueued
   * with the period as its singleton key, so it exists once and runs once, whichever instance claims it.
   */
  schedule<K extends JobKind>(kind: K, when: JobSchedule, options?: ScheduleOptions<K>): void;
  /** The kinds this runner has handlers for, and its schedules (for the operator's view). */
  describe(): { kinds: string[]; schedules: { kind: string; schedule: JobSchedule }[] };
  /** One round: enqueues due schedules, claims due jobs (optionally only of `kinds`), runs them and waits for them. */
  runOnce(options?: { kinds?: readonly JobKind[]; limit?: number }): Promise<RunResult>;
  /** Polls until stopped, running up to `concurrency` jobs at a time. */
  start(): void;
  /** Stops polling and waits for the jobs in hand; call before closing the database. Queued jobs wait for the next start. */
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  log: JobLog;
  /** How often an idle runner looks for due jobs (JOBS_POLL_MS). */
  pollIntervalMs?: number;
  /** Jobs one runner runs at once (JOBS_CONCURRENCY). */
  concurrency?: number;
  now?: () => Date;
};

export const JOB_RUNNER_DEFAULTS = { pollIntervalMs: 1000, concurrency: 4, leaseMs: 5 * 60_000 };

type Registered = { handler: (payload: unknown, ctx: JobContext) => Promise<void>; backoff: Backoff; leaseMs: number };
type Scheduled = { kind: JobKind; schedule: JobSchedule; payload: Record<string, unknown>; maxAttempts?: number; lastKey?: string };
type Outcome = 'done' | 'retried' | 'failed';

/**
 * The one job runner (docs/jobs.md): claims due jobs from the `jobs` table across any number of instances, runs the
 * registered handler of each, retries failures with exponential backoff, marks a job failed after its last attempt,
 * takes up jobs whose runner died once their claim expires, and enqueues recurring jobs once per period.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const o = { ...JOB_RUNNER_DEFAULTS, ...options };
  const now = options.now ?? (() => new Date());
  const handlers = new Map<string, Registered>();
  const schedules = new Map<string, Scheduled>();
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let backlog = false;

  const leaseOf = (kind: string) => handlers.get(kind)?.leaseMs ?? o.leaseMs;

  function logFor(job: JobRow): JobLog {
    const base = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    return {
      info: (obj, msg) => o.log.info({ ...base, ...obj }, msg),
      warn: (obj, msg) => o.log.warn({ ...base, ...obj }, msg),
      error: (obj, msg) => o.log.error({ ...base, ...obj }, msg),
    };
  }

  async function enqueueSchedules(at: Date, only?: readonly string[]): Promise<void> {
    for (const s of schedules.values()) {
      if (only && !only.includes(s.kind)) continue;
      const period = currentPeriod(s.schedule, at);
      if (period.key === s.lastKey) continue;
      const id = await enqueueJob(o.db, s.kind, s.payload as never, {
        runAt: period.runAt,
        singletonKey: period.key,
        maxAttempts: s.maxAttempts,
      });
      s.lastKey = period.key;
      if (id) o.log.info({ jobId: id, kind: s.kind, period: period.key }, 'scheduled job enqueued');
    }
  }

  async function claim(at: Date, limit: number, only?: readonly string[]): Promise<Claim> {
    const kinds = [...handlers.keys()].filter((k) => !only || only.includes(k));
    const result = await claimJobs(o.db, { kinds, now: at, limit, leaseMs: leaseOf });
    for (const j of result.gaveUp)
      o.log.error({ jobId: j.id, kind: j.kind, attempt: j.attempts }, 'job failed: its claim expired on the last attempt');
    return result;
  }

  async function execute(job: JobRow): Promise<Outcome> {
    const registered = handlers.get(job.kind)!;
    const log = logFor(job);
    const ctx: JobContext = {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      isLastAttempt: job.attempts >= job.maxAttempts,
      now: now(),
      log,
    };
    let failed = false;
    let failure: unknown;
    try {
      await registered.handler(job.payload, ctx);
    } catch (err) {
      failed = true;
      failure = err;
    }
    // Marking happens outside the try: a database error after the work succeeded must not count as a failed run.
    if (!failed) {
      if (!(await markJobDone(o.db, job.id, job.attempts, now()))) log.warn({}, 'job finished after its claim had been taken over');
      return 'done';
    }
    const error = describeJobError(failure);
    const where = failure instanceof JobError ? undefined : stackFrames(failure);
    if (ctx.isLastAttempt) {
      await markJobFailed(o.db, job.id, job.attempts, now(), error);
      log.error({ error, where }, 'job failed: giving up');
      return 'failed';
    }
    const runAt = new Date(now().getTime() + retryDelayMs(job.attempts, registered.backoff));
    await scheduleJobRetry(o.db, job.id, job.attempts, runAt, error);
    log.warn({ error, where, runAt: runAt.toISOString() }, 'job failed: will retry');
    return 'retried';
  }

  async function runOnce(opts: { kinds?: readonly JobKind[]; limit?: number } = {}): Promise<RunResult> {
    const at = now();
    await enqueueSchedules(at, opts.kinds);
    const { claimed, gaveUp } = await claim(at, opts.limit ?? o.concurrency, opts.kinds);
    const result: RunResult = { claimed: claimed.length, done: 0, retried: 0, failed: gaveUp.length };
    for (const outcome of await Promise.all(claimed.map(execute))) result[outcome]++;
    return result;
  }

  function track(job: JobRow) {
    const run: Promise<void> = execute(job)
      .then(() => undefined)
      .catch((err: unknown) => {
        // The outcome could not be written (the database went away): the claim runs out and the job runs again.
        o.log.error({ jobId: job.id, kind: job.kind, error: describeJobError(err), where: stackFrames(err) }, 'job outcome not recorded');
      })
      .finally(() => {
        inFlight.delete(run);
        if (backlog) wake();
      });
    inFlight.add(run);
  }

  async function tick(): Promise<void> {
    try {
      const free = o.concurrency - inFlight.size;
      if (free <= 0) return;
      const at = now();
      await enqueueSchedules(at);
      const { claimed } = await claim(at, free);
      backlog = claimed.length === free;
      for (const job of claimed) track(job);
    } catch (err) {
      o.log.error({ error: describeJobError(err), where: stackFrames(err) }, 'job poll failed');
    }
  }

  function loop(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        if (!stopped && !timer) loop(backlog && inFlight.size < o.concurrency ? 0 : o.pollIntervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  /** A slot came free while more jobs were due: look again now instead of at the next poll. */
  function wake() {
    if (stopped || ticking) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    loop(0);
  }

  return {
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      handlers.set(kind, {
        handler: handler as Registered['handler'],
        backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
        leaseMs: options.leaseMs ?? o.leaseMs,
      });
    },
    schedule(kind, when, options = {}) {
      if (!handlers.has(kind)) throw new Error(`job kind ${kind} is scheduled but has no handler`);
      if (schedules.has(kind)) throw new Error(`job kind ${kind} is scheduled twice`);
      assertSchedule(when);
      schedules.set(kind, {
        kind,
        schedule: when,
        payload: (options.payload ?? {}) as Record<string, unknown>,
        maxAttempts: options.maxAttempts,
      });
    },
    describe() {
      return {
        kinds: [...handlers.keys()].sort(),
        schedules: [...schedules.values()].map((s) => ({ kind: s.kind, schedule: s.schedule })),
      };
    },
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      o.log.info({ kinds: [...handlers.keys()], schedules: [...schedules.keys()] }, 'job runner started');
      loop(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await ticking;
      await Promise.all(inFlight);
    },
  };
}
