import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DevSmsList } from '@prsp/contracts';
import { caughtSms, jobs, outboxSms } from '../../db/schema';
import { createJobRunner } from '../../platform/jobs/runner';
import { createHttpSmsGateway } from '../../platform/sms/http-sms-gateway';
import { registerSmsDelivery } from '../../platform/sms/sms-delivery';
import { enqueueSms, SMS_MAX_ATTEMPTS } from '../../platform/sms/sms-outbox';
import { TestBrowser } from '../../test/http-client';
import { freePort, startTestApp, type TestApp } from '../../test/test-app';
import { startSmsSink } from './sms-sink';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let browser: TestBrowser;
beforeAll(async () => {
  t = await startTestApp();
  browser = new TestBrowser(t.baseUrl);
});
afterAll(() => t.close());

function post(body: unknown, key: string | null = t.config.sms.apiKey) {
  return fetch(`${t.app.sms.sinkUrl}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
    body: JSON.stringify(body),
  });
}

async function listed(to?: string) {
  const res = await browser.fetch(`/api/dev/sms${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: DevSmsList }).data.messages;
}

describe('the built-in SMS sink speaks the gateway protocol', () => {
  test('listens on loopback, and the app sends SMS to it with the configured key when no gateway is set', () => {
    expect(t.app.sms.sinkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.app.sms.gateway).not.toBeNull();
    expect(t.app.jobs.describe().kinds).toEqual(expect.arrayContaining(['sms.send', 'booking.reminderEmail', 'booking.reminderSms']));
  });

  test('a message with the right key is accepted (202 with an id) and kept; a wrong or missing key is 401; a bad message 400', async () => {
    const ok = await post({ to: '+358401111111', from: 'PRSP', text: 'Hei <b>sinä</b>' });
    expect(ok.status).toBe(202);
    const { id } = (await ok.json()) as { id: string };
    const [row] = await t.database.db.select().from(caughtSms).where(eq(caughtSms.id, id));
    expect(row).toMatchObject({ toNumber: '+358401111111', sender: 'PRSP', text: 'Hei <b>sinä</b>' });

    expect((await post({ to: '+358401111112', from: 'PRSP', text: 'x' }, 'wrong-key-0123456789')).status).toBe(401);
    expect((await post({ to: '+358401111112', from: 'PRSP', text: 'x' }, null)).status).toBe(401);
    for (const bad of [
      { to: '040 111', from: 'PRSP', text: 'x' },
      { to: '+358401111112', from: '', text: 'x' },
      { to: '+358401111112', from: 'P' },
    ]) {
      expect((await post(bad)).status).toBe(400);
    }
    expect(await listed('+358401111112')).toEqual([]);
  });

  test('the list answers newest first, narrows by number, and the inbox page shows the messages beside the mail, escaped', async () => {
    await post({ to: '+358402222222', from: 'PRSP', text: 'ensimmäinen' });
    // PGlite's clock counts whole milliseconds: the second message is the newer one only in a later millisecond.
    const first = Date.now();
    await vi.waitUntil(() => Date.now() > first, { interval: 1 });
    await post({ to: '+358402222222', from: 'PRSP', text: 'toinen' });
    const two = await listed('+358402222222');
    expect(two.map((m) => m.text)).toEqual(['toinen', 'ensimmäinen']);
    expect(two[0]).toMatchObject({ to: '+358402222222', from: 'PRSP' });
    expect((await listed()).length).toBeGreaterThanOrEqual(3);

    const page = await (await browser.fetch('/dev/inbox')).text();
    expect(page).toMatch(/<h2>Viestit<\/h2>[\s\S]*<h2>Tekstiviestit<\/h2>/);
    expect(page).toContain('Hei &lt;b&gt;sinä&lt;/b&gt;');
    expect(page).not.toContain('<b>sinä</b>');
  });

  test('the list is for this machine or a global admin only, like the mail inbox', async () => {
    expect((await t.app.inject({ url: '/api/dev/sms', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/dev/sms', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode,
    ).toBe(403);
  });

  test('is refused in production', async () => {
    await expect(startSmsSink({ db: t.database.db, apiKey: 'k'.repeat(16), production: true, log: silent })).rejects.toThrow(
      'the built-in SMS sink is refused in production',
    );
  });
});

describe('the SMS outbox', () => {
  test('an SMS is queued with its job in the caller transaction, sent through the gateway client to the sink, and marked sent', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueSms(tx, { to: '+358403333333', text: 'peruttu' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.database.db.select().from(outboxSms).where(eq(outboxSms.toNumber, '+358403333333'))).toEqual([]);

    const id = await t.database.db.transaction((tx) => enqueueSms(tx, { to: '+358403333333', text: 'Muistutus' }));
    const [job] = await t.database.db
      .select({ payload: jobs.payload, maxAttempts: jobs.maxAttempts })
      .from(jobs)
      .innerJoin(outboxSms, eq(outboxSms.jobId, jobs.id))
      .where(eq(outboxSms.id, id));
    expect(job).toEqual({ payload: { outboxSmsId: id }, maxAttempts: SMS_MAX_ATTEMPTS });
    expect(await t.app.jobs.runOnce({ kinds: ['sms.send'] })).toMatchObject({ done: 1, failed: 0, retried: 0 });
    expect(await listed('+358403333333')).toEqual([expect.objectContaining({ text: 'Muistutus', from: 'PRSP' })]);
    const [row] = await t.database.db.select().from(outboxSms).where(eq(outboxSms.id, id));
    expect(row).toMatchObject({ status: 'sent', lastError: null });

    // The same key twice queues one message.
    const a = await t.database.db.transaction((tx) => enqueueSms(tx, { to: '+358403333334', text: 'kerran' }, { onceKey: 'k1' }));
    const b = await t.database.db.transaction((tx) => enqueueSms(tx, { to: '+358403333334', text: 'kerran' }, { onceKey: 'k1' }));
    expect(b).toBe(a);
    expect(await t.database.db.select().from(outboxSms).where(eq(outboxSms.toNumber, '+358403333334'))).toHaveLength(1);
    await t.app.jobs.runOnce({ kinds: ['sms.send'] });
  });

  test('a gateway that cannot be reached is retried with backoff, the error kept without the number, and failed after the last attempt', async () => {
    const id = await t.database.db.transaction((tx) => enqueueSms(tx, { to: '+358404444444', text: 'ei perille' }));
    let clock = new Date(Date.now() + 1000);
    const runner = createJobRunner({ db: t.database.db, log: silent, now: () => clock });
    const gateway = createHttpSmsGateway({ url: `http://127.0.0.1:${await freePort()}`, apiKey: 'k'.repeat(16) });
    registerSmsDelivery(runner, { db: t.database.db, gateway, sender: 'PRSP' });
    const state = async () => {
      const [r] = await t.database.db
        .select({
          status: outboxSms.status,
          lastError: outboxSms.lastError,
          state: jobs.state,
          attempts: jobs.attempts,
          runAt: jobs.runAt,
          jobError: jobs.lastError,
        })
        .from(outboxSms)
        .innerJoin(jobs, eq(jobs.id, outboxSms.jobId))
        .where(eq(outboxSms.id, id));
      return r!;
    };
    expect(await runner.runOnce({ kinds: ['sms.send'] })).toMatchObject({ retried: 1 });
    const first = await state();
    expect(first).toMatchObject({
      status: 'pending',
      state: 'queued',
      attempts: 1,
      lastError: 'the SMS gateway could not be reached (ECONNREFUSED)',
    });
    expect(first.runAt.getTime() - clock.getTime()).toBe(30_000);
    expect(first.jobError).not.toContain('358');
    for (let i = 2; i <= SMS_MAX_ATTEMPTS; i++) {
      clock = new Date((await state()).runAt.getTime() + 1);
      await runner.runOnce({ kinds: ['sms.send'] });
    }
    expect(await state()).toMatchObject({ status: 'failed', state: 'failed', attempts: SMS_MAX_ATTEMPTS });
  });
});

describe('with the sink off and no gateway', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ SMS_SINK_ENABLED: 'false' });
  });
  afterAll(() => off.close());

  test('no sink, no list, no SMS delivery; the reminders still run (e-mail only)', async () => {
    expect(off.app.sms).toEqual({ gateway: null, sinkUrl: null });
    expect((await new TestBrowser(off.baseUrl).fetch('/api/dev/sms')).status).toBe(404);
    expect(off.app.jobs.describe().kinds).not.toContain('sms.send');
    expect(off.app.jobs.describe().kinds).toEqual(expect.arrayContaining(['booking.reminderEmail', 'booking.reminderSms']));
    expect(await (await new TestBrowser(off.baseUrl).fetch('/dev/inbox')).text()).not.toContain('Tekstiviestit');
  });
});
