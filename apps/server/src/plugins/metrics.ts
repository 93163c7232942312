import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/client';
import { videoRoom } from '../platform/realtime-rooms';
import { isLocalRequest } from '../platform/access/local-request';
import { chatQueueWaits, jobQueueDepth, openVideoRooms, outboxBacklog } from '../platform/metrics/metrics.repo';
import { mayScrape, type ScrapeRule } from '../platform/metrics/scrape-access';

export const METRICS_PATH = '/metrics';
/** The `route` label of a request no route matched: raw paths never become labels (they carry ids). */
export const UNMATCHED_ROUTE = '(unmatched)';

type MetricsOptions = ScrapeRule & { database: Database };

type JobDepth = Awaited<ReturnType<typeof jobQueueDepth>>[number];

/** What the database holds, read once per scrape for all the gauges that show it. */
type Snapshot = {
  jobs: JobDepth[];
  outbox: Awaited<ReturnType<typeof outboxBacklog>>;
  queues: Awaited<ReturnType<typeof chatQueueWaits>>;
  videoRooms: Awaited<ReturnType<typeof openVideoRooms>>;
};

/**
 * Runs `load` once for all the collect callbacks of one scrape: the registry calls them together, the first starts
 * the load and the others share it; the next scrape loads afresh.
 */
function oncePerScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/**
 * Prometheus metrics at `/metrics` (docs/operations.md): request durations by route pattern, the database pool, the job
 * queue, the e-mail and SMS outbox, sockets, chat queues and video rooms, and Node's own. Each app has a registry of
 * its own (tests run several apps in one process). Values that live in the database are read when scraped, with a few
 * cheap counts over partial indexes; they are the same on every instance (take `max`, not `sum`, across instances).
 * Labels carry route patterns, kinds and queue ids, never personal data. Who may scrape: `mayScrape`; anyone else gets
 * the API's 404, whatever the reason. Outside `/api`, so no access declaration, session or CSRF check applies.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long their answers took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.is404 ? UNMATCHED_ROUTE : (req.routeOptions.url ?? UNMATCHED_ROUTE);
    // Scrapes are not traffic.
    if (route !== METRICS_PATH) {
      duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });

  const { poolStats } = opts.database;
  if (poolStats) {
    const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(poolStats()));
        },
      });
    pool('db_pool_clients', 'Connections the pool holds open to PostgreSQL', (s) => s.total);
    pool('db_pool_idle_clients', 'Open connections not in use', (s) => s.idle);
    pool('db_pool_waiting_requests', 'Queries waiting for a connection (the pool is exhausted)', (s) => s.waiting);
    pool('db_pool_max_clients', 'The most connections the pool opens', (s) => s.max);
  }

  const io = () => app.realtime;
  new Gauge({
    name: 'realtime_connected_sockets',
    help: 'Socket.IO clients connected to this instance',
    registers,
    collect() {
      this.set(io().engine.clientsCount);
    },
  });
  new Gauge({
    name: 'realtime_refused_events',
    help: 'Socket events (and connections, event "connection") refused by the flood limits since this instance started',
    labelNames: ['event'] as const,
    registers,
    collect() {
      for (const [event, count] of app.realtimeRefusals) this.set({ event }, count);
    },
  });
  const videoPrefix = videoRoom('');
  new Gauge({
    name: 'video_calls_local',
    help: 'Video calls with at least one peer connected to this instance',
    registers,
    collect() {
      let calls = 0;
      for (const room of io().of('/').adapter.rooms.keys()) if (room.startsWith(videoPrefix)) calls++;
      this.set(calls);
    },
  });

  const db = opts.database.db;
  // Null when the database did not answer: its gauges are then left out of the scrape, and database_up is 0.
  const snapshot = oncePerScrape(async (): Promise<Snapshot | null> => {
    try {
      return {
        jobs: await jobQueueDepth(db),
        outbox: await outboxBacklog(db),
        queues: await chatQueueWaits(db),
        videoRooms: await openVideoRooms(db),
      };
    } catch (err) {
      app.log.warn({ err }, 'metrics: the database did not answer');
      return null;
    }
  });
  /** A gauge of the database snapshot: emptied, then filled from this scrape's snapshot (nothing when it failed). */
  const fromDatabase = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (s: Snapshot, g: Gauge<L>) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) fill(s, this);
      },
    });

  new Gauge({
    name: 'database_up',
    help: 'Whether the database answered the queries of this scrape (1) or not (0)',
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  /** Every kind this instance runs shows, at 0 when none is waiting, so a dashboard's lines do not break. */
  const perKind = (s: Snapshot, g: Gauge<'kind'>, pick: (row: JobDepth) => number | null) => {
    for (const kind of app.jobs.describe().kinds) g.set({ kind }, 0);
    for (const row of s.jobs) {
      const value = pick(row);
      if (value !== null) g.set({ kind: row.kind }, value);
    }
  };
  fromDatabase('jobs_queued', 'Jobs queued per kind, scheduled ones included', ['kind'], (s, g) => perKind(s, g, (r) => r.queued));
  fromDatabase('jobs_due', 'Jobs queued per kind whose time has come: the backlog', ['kind'], (s, g) => perKind(s, g, (r) => r.due));
  fromDatabase('jobs_running', 'Jobs being run per kind, by any instance', ['kind'], (s, g) => perKind(s, g, (r) => r.running));
  fromDatabase('jobs_oldest_due_seconds', 'How long the oldest due job of each kind has waited', ['kind'], (s, g) =>
    perKind(s, g, (r) => r.oldestDueSeconds),
  );
  fromDatabase('outbox_pending', 'E-mails and SMS waiting to be sent', ['channel'], (s, g) => {
    for (const row of s.outbox) g.set({ channel: row.channel }, row.pending);
  });
  fromDatabase('outbox_oldest_pending_seconds', 'How long the oldest unsent e-mail or SMS has waited', ['channel'], (s, g) => {
    for (const row of s.outbox) g.set({ channel: row.channel }, row.oldestSeconds ?? 0);
  });
  fromDatabase('chat_queue_waiting', 'Patients waiting in each chat queue (by queue id)', ['queue_id'], (s, g) => {
    for (const row of s.queues) g.set({ queue_id: row.queueId }, row.waiting);
  });
  fromDatabase('chat_queue_oldest_wait_seconds', 'How long the first patient in each chat queue has waited', ['queue_id'], (s, g) => {
    for (const row of s.queues) g.set({ queue_id: row.queueId }, row.oldestWaitSeconds ?? 0);
  });
  fromDatabase('video_rooms_open', 'SFU rooms held for video channels that have not ended', ['provider'], (s, g) => {
    g.set({ provider: 'janus' }, 0);
    for (const row of s.videoRooms) g.set({ provider: row.provider }, row.rooms);
  });

  // The read-model cache's hits, misses and invalidations (plugins/read-models.ts), when the app has it.
  if (app.hasDecorator('readModelMetrics')) for (const metric of app.readModelMetrics) registry.registerMetric(metric);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!mayScrape(opts, { authorization: req.headers.authorization, local: isLocalRequest(req) })) return reply.callNotFound();
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
  app.addHook('onClose', async () => registry.clear());
});
