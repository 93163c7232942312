import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatChannels } from '../db/schema';
import { chatExpert, connectSocket, ownQueue } from '../modules/chat/chat.steps';
import { enqueueJob } from '../platform/jobs/queue';
import { organisationId } from '../test/staff-accounts';
import { startTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

/** One scrape as Prometheus makes it: the body's lines. */
async function scrape(app = t): Promise<string> {
  const res = await app.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series, e.g. `jobs_due{kind="sessions.purge"}`; undefined when it is not there. */
function valueOf(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may scrape', () => {
  test.each([
    ['without a token', {}],
    ['with a wrong token', bearer('metrics-token-for-the-tests-0123456789abcdeX')],
    ['with the token in another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('%s: the 404 of an unknown path, nothing about metrics', async (_what, headers) => {
    const res = await t.app.inject({ url: '/metrics', headers });
    const unknown = await t.app.inject({ method: 'POST', url: '/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect(res.body).not.toContain('http_request');
  });

  test('with the token: the text format, never cached', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  test('over the network, as Prometheus scrapes it', async () => {
    const res = await fetch(`${t.baseUrl}/metrics`, { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
  });

  test('not in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/list/cities');
  });

  test('without METRICS_TOKEN outside production: open on this machine only, from a registry of its own', async () => {
    const open = await startTestApp({}, { database: t.database });
    try {
      const local = await open.app.inject({ url: '/metrics' });
      expect(local.statusCode).toBe(200);
      // A second app in the process has its own registry: its histogram has not seen the first app's requests.
      expect(local.body).not.toContain('route="/api/list/cities"');
      const forwarded = await open.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });
});

describe('what a scrape shows', () => {
  test('request durations by route pattern, never by raw URL', async () => {
    const id = randomUUID();
    expect((await t.app.inject({ url: '/api/list/cities' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/list/cities/sv' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/nothing/${id}` })).statusCode).toBe(404);
    // An unknown /api path is the web app's catch-all answering 404: its pattern, not the path.
    expect((await t.app.inject({ url: `/api/nothing/${id}` })).statusCode).toBe(404);
    const body = await scrape();
    expect(valueOf(body, 'http_request_duration_seconds_count{method="GET",route="/api/list/cities",status_code="200"}')).toBe(1);
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.5",method="GET",route="/api/list/cities",status_code="200"}');
    expect(valueOf(body, 'http_request_duration_seconds_count{method="GET",route="/api/config",status_code="401"}')).toBe(1);
    expect(valueOf(body, 'http_request_duration_seconds_count{method="GET",route="/api/list/cities/:lang",status_code="200"}')).toBe(1);
    expect(
      valueOf(body, 'http_request_duration_seconds_count{method="POST",route="(unmatched)",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(body, 'http_request_duration_seconds_count{method="GET",route="/*",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain('/api/list/cities/sv');
    expect(body).not.toContain(id);
    // Scrapes are not counted as traffic.
    expect(body).not.toContain('route="/metrics"');
  });

  test('the job queue: queued and due jobs per kind, every kind the instance runs at 0 otherwise', async () => {
    const before = valueOf(await scrape(), 'jobs_due{kind="sessions.purge"}') ?? 0;
    await enqueueJob(t.database.db, 'sessions.purge', {});
    await enqueueJob(t.database.db, 'sessions.purge', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const body = await scrape();
    expect(valueOf(body, 'jobs_due{kind="sessions.purge"}')).toBe(before + 1);
    expect(valueOf(body, 'jobs_queued{kind="sessions.purge"}')).toBeGreaterThanOrEqual(before + 2);
    expect(valueOf(body, 'jobs_running{kind="sessions.purge"}')).toBe(0);
    expect(valueOf(body, 'jobs_oldest_due_seconds{kind="sessions.purge"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, 'jobs_due{kind="mail.send"}')).toBe(0);
  });

  test('the outbox backlog per channel and the database answering', async () => {
    const body = await scrape();
    expect(valueOf(body, 'outbox_pending{channel="email"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, 'outbox_pending{channel="sms"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, 'outbox_oldest_pending_seconds{channel="email"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, 'database_up')).toBe(1);
    expect(valueOf(body, 'video_rooms_open{provider="janus"}')).toBe(0);
    expect(valueOf(body, 'video_calls_local')).toBe(0);
  });

  test('the connection pool on a PostgreSQL server; nothing of the sort on PGlite', async () => {
    const body = await scrape();
    if (t.database.kind === 'postgres') {
      expect(valueOf(body, 'db_pool_max_clients')).toBe(10);
      expect(valueOf(body, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(valueOf(body, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    } else {
      expect(body).not.toContain('db_pool_');
    }
  });

  test('chat queues by id: who waits and for how long, no names', async () => {
    const org = await organisationId(t);
    const { queueId } = await ownQueue(t, org);
    const queuedAt = new Date(Date.now() - 11 * 60_000);
    await t.database.db.insert(chatChannels).values({ organisationId: org, kind: 'queue', status: 'waiting', queueId, queuedAt });
    await t.database.db.insert(chatChannels).values({ organisationId: org, kind: 'queue', status: 'waiting', queueId });
    const body = await scrape();
    expect(valueOf(body, `chat_queue_waiting{queue_id="${queueId}"}`)).toBe(2);
    expect(valueOf(body, `chat_queue_oldest_wait_seconds{queue_id="${queueId}"}`)).toBeGreaterThanOrEqual(11 * 60);
    // Queues nobody waits in show 0, and queue names (`Jono …`, the demo services' names) never appear.
    expect(valueOf(body, 'chat_queue_waiting{queue_id="espoo-nurse"}')).toBe(0);
    expect(body).not.toMatch(/Jono|Hoitaja/);
  });

  test('connected sockets', async () => {
    const org = await organisationId(t);
    const { queueId } = await ownQueue(t, org);
    const expert = await chatExpert(t, org, queueId);
    const before = valueOf(await scrape(), 'realtime_connected_sockets') ?? 0;
    const socket = await connectSocket(t.baseUrl, { browser: expert.browser });
    try {
      expect(valueOf(await scrape(), 'realtime_connected_sockets')).toBe(before + 1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => valueOf(await scrape(), 'realtime_connected_sockets')).toBe(before);
  });

  test("Node's own metrics", async () => {
    const body = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(body).toContain(`# TYPE ${name}`);
  });
});
