import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, SERVICE_TIME_ZONE } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { ok } from '../ok';
import { countJobs, latestFailures } from './jobs.repo';
import { JOB_STATES } from './jobs.tables';
import type { JobRunner } from './runner';
import type { JobSchedule } from './schedule';

/** How many of the latest failures the overview lists. */
export const OVERVIEW_FAILURES = 20;

const ZJobsOverview = z.object({
  /** The kinds the answering instance runs, and its schedules. */
  kinds: z.array(z.string()),
  schedules: z.array(z.object({ kind: z.string(), schedule: z.string() })),
  /** Jobs per kind and state, with the oldest `run_at` among them (a queued one far in the past: no runner takes it). */
  counts: z.array(z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number(), oldestRunAt: z.nullable(z.string()) })),
  /** The latest failed jobs: no payloads, and errors as handlers wrote them for operators (no personal data). */
  failures: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      attempts: z.number(),
      maxAttempts: z.number(),
      lastError: z.nullable(z.string()),
      createdAt: z.string(),
      finishedAt: z.nullable(z.string()),
    }),
  ),
});
export type JobsOverview = z.infer<typeof ZJobsOverview>;

function describeSchedule(schedule: JobSchedule): string {
  if ('everyMs' in schedule) return `every ${schedule.everyMs / 60_000} min`;
  return `daily at ${schedule.dailyAt} ${schedule.timeZone ?? SERVICE_TIME_ZONE}`;
}

export async function jobsOverview(db: Tx, runner: JobRunner): Promise<JobsOverview> {
  const { kinds, schedules } = runner.describe();
  const counts = await countJobs(db);
  const failures = await latestFailures(db, OVERVIEW_FAILURES);
  return {
    kinds,
    schedules: schedules.map((s) => ({ kind: s.kind, schedule: describeSchedule(s.schedule) })),
    counts: counts.map((c) => ({ ...c, oldestRunAt: c.oldestRunAt ? new Date(c.oldestRunAt).toISOString() : null })),
    failures: failures.map((f) => ({ ...f, createdAt: f.createdAt.toISOString(), finishedAt: f.finishedAt?.toISOString() ?? null })),
  };
}

/** `GET /api/admin/jobs`: the operator's read-only view of the job runner, for global admins (docs/jobs.md). */
export async function jobsAdminRoutes(fastify: FastifyInstance, deps: { db: Tx; runner: JobRunner }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/jobs',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: { summary: 'List the background jobs’ state for global admins', response: { 200: okEnvelope(ZJobsOverview) } },
    },
    async () => ok(await jobsOverview(deps.db, deps.runner)),
  );
}
