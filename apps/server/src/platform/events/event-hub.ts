import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventPayloads } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { JobError } from '../jobs/job-error';
import { enqueueJobs } from '../jobs/queue';
import type { JobContext, JobRunner } from '../jobs/runner';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The app's event hub; tests that call a service directly emit through it. */
    events: EventHub;
  }
}

declare module '../jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** One deferred subscriber's run of one event (platform/events). */
    'events.deliver': DeferredRun;
  }
}

/** What every subscriber learns besides the payload: the event's own id (an idempotency key) and its time. */
export type EventMeta = { eventId: string; occurredAt: Date };

type DeferredRun = { event: DomainEvent; subscriber: string; eventId: string; occurredAt: string; payload: Record<string, unknown> };

/** Runs in the writer's transaction: what the writer's answer must already include. A throw rolls the change back. */
export type InTransactionSubscriber<E extends DomainEvent> = (tx: Tx, payload: DomainEventPayloads[E], meta: EventMeta) => Promise<void>;

/**
 * Runs later, as a job of its own (`events.deliver`) written in the writer's transaction: it exists exactly when the
 * change commits, survives a crash and is retried. It may run more than once (a runner that dies mid-run): use
 * `meta.eventId` to make it idempotent.
 */
export type DeferredSubscriber<E extends DomainEvent> = (
  db: Db,
  payload: DomainEventPayloads[E],
  meta: EventMeta & { job: JobContext },
) => Promise<void>;

/** Tells the subscribers of `event`, inside the writer's transaction `tx`. */
export type Emit = <E extends DomainEvent>(tx: Tx, event: E, payload: DomainEventPayloads[E], occurredAt?: Date) => Promise<void>;

export type EventHub = {
  emit: Emit;
  /** Subscribes `name` (unique per event) in the writer's transaction. */
  inTransaction<E extends DomainEvent>(event: E, name: string, handler: InTransactionSubscriber<E>): void;
  /** Subscribes `name` (unique per event) as a job after the writer commits. */
  deferred<E extends DomainEvent>(event: E, name: string, handler: DeferredSubscriber<E>, options?: { maxAttempts?: number }): void;
  /** Every event's subscribers by kind, for the architecture map's test and the operator. */
  describe(): Record<string, { inTransaction: string[]; deferred: string[] }>;
};

type Entry = { name: string; handler: (...args: never[]) => Promise<void>; maxAttempts?: number };

/**
 * The event hub of one app (docs/architecture.md 'Events'): outline's events → processors, kept transactional.
 * A module emits what happened; the modules that react subscribe from their front door (`*.module.ts`), so the
 * emitter imports none of them. One hub per app, nothing process-wide: two apps in one process do not share it.
 */
export function createEventHub(opts: { db: Db; runner: JobRunner }): EventHub {
  const inTx = new Map<DomainEvent, Entry[]>();
  const deferred = new Map<DomainEvent, Entry[]>();

  const add = (map: Map<DomainEvent, Entry[]>, event: DomainEvent, entry: Entry) => {
    const all = [...(inTx.get(event) ?? []), ...(deferred.get(event) ?? [])];
    if (all.some((e) => e.name === entry.name)) throw new Error(`${entry.name} subscribes to ${event} twice`);
    map.set(event, [...(map.get(event) ?? []), entry]);
  };

  opts.runner.register('events.deliver', async (run, job) => {
    const entry = deferred.get(run.event)?.find((e) => e.name === run.subscriber);
    // A subscriber that a newer version removed: nothing to do, and nothing an operator should retry.
    if (!entry) throw new JobError(`no subscriber ${run.subscriber} of ${run.event}`);
    const handler = entry.handler as unknown as DeferredSubscriber<DomainEvent>;
    await handler(opts.db, run.payload as never, { eventId: run.eventId, occurredAt: new Date(run.occurredAt), job });
  });

  return {
    async emit(tx, event, payload, occurredAt = new Date()) {
      const meta: EventMeta = { eventId: randomUUID(), occurredAt };
      for (const e of inTx.get(event) ?? []) await (e.handler as unknown as InTransactionSubscriber<typeof event>)(tx, payload, meta);
      // One job per deferred subscriber, all queued in one statement.
      const runs = (deferred.get(event) ?? []).map((e) => ({
        kind: 'events.deliver' as const,
        payload: { event, subscriber: e.name, eventId: meta.eventId, occurredAt: occurredAt.toISOString(), payload } satisfies DeferredRun,
        options: { maxAttempts: e.maxAttempts },
      }));
      await enqueueJobs(tx, runs);
    },
    inTransaction(event, name, handler) {
      add(inTx, event, { name, handler });
    },
    deferred(event, name, handler, options = {}) {
      add(deferred, event, { name, handler, maxAttempts: options.maxAttempts });
    },
    describe() {
      const events = new Set([...inTx.keys(), ...deferred.keys()]);
      return Object.fromEntries(
        [...events]
          .sort()
          .map((e) => [e, { inTransaction: (inTx.get(e) ?? []).map((s) => s.name), deferred: (deferred.get(e) ?? []).map((s) => s.name) }]),
      );
    },
  };
}
