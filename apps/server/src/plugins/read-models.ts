import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, type Metric } from 'prom-client';
import type { Database } from '../db/client';
import type { RouteAccess } from '../platform/access/route-access';
import { createReadModelCache, type ReadModelCache } from '../platform/cache/read-model-cache';
import { hooksOf } from './access';
import { isSafeMethod, mayWrite } from './api-path';

/** The channel the migration's triggers notify with the organisation whose read models changed (0012_read_model_notify). */
export const READ_MODEL_CHANNEL = 'prsp_read_models';

/**
 * About four per patient active in the last minute (session, access state, appointments, names), so some 10,000 such
 * patients, beside every organisation's models; the oldest go first past it.
 */
const MAX_ENTRIES = 40_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What the triggers notify: an organisation's id (0012), or a session's or a patient's scope (0013). */
const SCOPE = /^(session:[0-9a-f]{64}|patient:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const ADMIN_KINDS = new Set<RouteAccess['kind']>(['admin', 'anyAdmin', 'globalAdmin']);

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The read-model cache of patient config and services (docs/operations.md 'Read-model cache'). */
    readModels: ReadModelCache;
    /** Its hit and miss counters, for the /metrics registry. */
    readModelMetrics: Metric[];
  }
}

function cacheMetrics() {
  // Several reads a request (session, access state, the answer): counted in a plain map and handed to the counter when
  // scraped, instead of prom-client hashing the labels on every read.
  const readCounts = new Map<string, { model: string; result: string; count: number }>();
  const countRead = (model: string, result: string) => {
    const key = `${model}\u0000${result}`;
    const held = readCounts.get(key);
    if (held) held.count++;
    else readCounts.set(key, { model, result, count: 1 });
  };
  const reads = new Counter({
    name: 'read_model_cache_requests_total',
    help: 'Reads of cached read models by model and outcome (hit, miss, or bypass while the invalidation listener is down)',
    labelNames: ['model', 'result'] as const,
    registers: [],
    collect() {
      this.reset();
      for (const { model, result, count } of readCounts.values()) this.inc({ model, result }, count);
    },
  });
  const invalidations = new Counter({
    name: 'read_model_cache_invalidations_total',
    help: 'Read-model cache invalidations by reason (notify: a write anywhere; local: a write here; listener: it connected or dropped)',
    labelNames: ['reason'] as const,
    registers: [],
  });
  return { reads, countRead, invalidations };
}

/**
 * The read-model cache, its invalidation listener and its metrics. Every instance LISTENs on `prsp_read_models`;
 * the database's triggers notify it in the writer's transaction (so only committed writes are heard) with the scope
 * that changed: an organisation whose config, services or row changed, a session, or a patient (0012, 0013). An admin's successful write also empties this instance's cache
 * before the answer leaves, so the admin's next read here sees it even before the notification arrives (a hook of the
 * admin routes that may write only, so no other request runs it).
 */
export const readModelsPlugin = fp(async (app: FastifyInstance, opts: { database: Database; ttlSeconds: number }) => {
  const { reads, countRead, invalidations } = cacheMetrics();
  const cache = createReadModelCache({
    ttlMs: opts.ttlSeconds * 1000,
    maxEntries: MAX_ENTRIES,
    events: {
      read: countRead,
      invalidated: (reason) => invalidations.inc({ reason }),
    },
  });
  const entries = new Gauge({
    name: 'read_model_cache_entries',
    help: 'Read models held in this instance',
    registers: [],
    collect() {
      this.set(cache.size());
    },
  });
  app.decorate('readModels', cache);
  app.decorate('readModelMetrics', [reads, invalidations, entries]);

  const listening = opts.database.listen(READ_MODEL_CHANNEL, {
    // Anything else (an operator's own NOTIFY, a future trigger) empties the whole cache: never a stale answer.
    onNotify: (payload) =>
      UUID.test(payload) || SCOPE.test(payload) ? cache.invalidateScope(payload.toLowerCase()) : cache.clear('notify'),
    onReady: () => cache.setListening(true),
    onLost: () => {
      app.log.warn('read-model cache: the invalidation listener lost its connection; reading from the database until it is back');
      cache.setListening(false);
    },
  });
  app.addHook('onClose', async () => {
    cache.setListening(false);
    await listening.close();
  });

  const clearAfterAdminWrite: onSendHookHandler = (req, reply, payload, done) => {
    if (!isSafeMethod(req) && reply.statusCode < 400) cache.clear('local');
    done(null, payload);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access && ADMIN_KINDS.has(access.kind) && mayWrite(route)) route.onSend = [...hooksOf(route.onSend), clearAfterAdminWrite];
  });
});
