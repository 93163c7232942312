import { inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { caughtEmails, outboxEmails } from '../../db/schema';
import { seedDemo } from '../../db/seed/demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { retryDelayMs } from '../../platform/jobs/backoff';
import { createJobRunner, type JobRunner } from '../../platform/jobs/runner';
import { MAIL_DELIVERY, registerMailDelivery } from '../../platform/mail/outbox-delivery';
import { startMailCatcher, type MailCatcher } from '../../stand-ins/mail-catcher/mail-catcher';
import { startTestApp, type TestApp } from '../test-app';
import { openTestDatabase, type TestDatabase } from '../test-database';
import { faultCast, type FaultCast } from './fault-cast';
import { startLoad, until } from './fault-load';
import { freePortIn, PORT_RANGES } from './ports';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Fault (d), issue 13: the SMTP server is down for a while. The app's SMTP_URL points at the test's TCP proxy in
 * front of an SMTP server (the built-in catcher, storing what it receives in the same database). Patients book, which
 * puts confirmation e-mails in the outbox; while the proxy refuses connections every send fails and is retried with
 * the runner's backoff; when it accepts again, the next retry delivers all of them: none lost, none twice.
 *
 * The delivery runner is the app's own code (`registerMailDelivery` with the app's SMTP transport) on a clock the
 * test moves on: the real backoff waits 30 s, then 60 s…, which the test does not sit through. The drain time
 * printed is the time from the retry falling due (with the server back) until every e-mail was sent.
 */

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('fault: the SMTP server is down for a while', () => {
  let database: TestDatabase;
  let catcher: MailCatcher;
  let proxy: TcpProxy;
  let t: TestApp;
  let cast: FaultCast;

  beforeAll(async () => {
    database = await openTestDatabase();
    catcher = await startMailCatcher({ db: database.db, port: 0, production: false, log: silent });
    proxy = await startTcpProxy({ port: catcher.port }, await freePortIn(PORT_RANGES.apps));
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, MAIL_CATCHER_ENABLED: 'false' }, { database });
    await seedDemo(database.db, createFieldCipher(t.config.dataKey));
    cast = await faultCast(t, 20);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await catcher?.close();
    await database?.close();
  }, 60_000);

  test('e-mails wait in the outbox while SMTP is down and all go, once each, when it returns', async () => {
    const before = (await database.db.select({ id: outboxEmails.id }).from(outboxEmails)).map((r) => r.id);
    let clock = new Date();
    const runner: JobRunner = createJobRunner({ db: database.db, log: silent, now: () => clock, concurrency: 8 });
    registerMailDelivery(runner, { db: database.db, transport: t.app.mail.transport! });
    const drain = async () => {
      const total = { claimed: 0, done: 0, retried: 0, failed: 0 };
      for (let r = await runner.runOnce({ limit: 8 }); r.claimed > 0; r = await runner.runOnce({ limit: 8 }))
        for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
      return total;
    };

    // SMTP goes away: open connections are cut and new ones refused.
    proxy.refuse(true);
    proxy.cutAll();
    const load = startLoad({ patients: cast.patients, slots: cast.slots, bookingWorkers: 2 });
    try {
      // Bookings go on while mail cannot: each booking's confirmation is in the outbox, committed with the booking.
      await until(() => load.bookings.ok.length === cast.slots.length, 30_000, 'every slot booked');
    } finally {
      await load.stop();
    }
    expect(load.bookings.ok).toHaveLength(cast.slots.length);
    const queued = await database.db.select().from(outboxEmails).where(notInArray(outboxEmails.id, before));
    expect(queued.length).toBeGreaterThanOrEqual(cast.slots.length);

    // Every attempt while down fails and is put back with backoff: two rounds of retries.
    clock = new Date(Date.now() + 1000);
    const down1 = await drain();
    clock = new Date(clock.getTime() + retryDelayMs(1, MAIL_DELIVERY.backoff));
    const down2 = await drain();
    const pending = await database.db
      .select({ status: outboxEmails.status })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          queued.map((q) => q.id),
        ),
      );
    expect(pending.every((p) => p.status === 'pending')).toBe(true);
    expect([down1, down2]).toEqual([
      { claimed: queued.length, done: 0, retried: queued.length, failed: 0 },
      { claimed: queued.length, done: 0, retried: queued.length, failed: 0 },
    ]);

    // SMTP returns; the next retry falls due and the outbox drains.
    proxy.refuse(false);
    clock = new Date(clock.getTime() + retryDelayMs(2, MAIL_DELIVERY.backoff));
    const started = performance.now();
    const up = await drain();
    const drainMs = performance.now() - started;

    const rows = await database.db
      .select({ id: outboxEmails.id, status: outboxEmails.status, to: outboxEmails.toAddress, subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          queued.map((q) => q.id),
        ),
      );
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    // What the SMTP server received: each e-mail of the outbox exactly once (none lost, none doubled).
    const key = (to: string, subject: string) => `${to.toLowerCase()}\n${subject}`;
    const received = new Map<string, number>();
    for (const c of await database.db.select().from(caughtEmails))
      for (const to of c.toAddresses) received.set(key(to, c.subject), (received.get(key(to, c.subject)) ?? 0) + 1);
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(key(r.to, r.subject), (expected.get(key(r.to, r.subject)) ?? 0) + 1);
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected));

    console.log(
      '[fault d: SMTP down]',
      JSON.stringify(
        {
          'bookings confirmed while SMTP was down': load.bookings.ok.length,
          'e-mails queued': rows.length,
          'failed sends while down (retried)': down1.retried + down2.retried,
          'e-mails sent after SMTP returned': up.done,
          'outbox drain after the retry fell due, ms': Math.round(drainMs),
          'received once each / lost / doubled': `${rows.length} / 0 / 0`,
        },
        null,
        2,
      ),
    );
    expect(up.done).toBe(rows.length);
  }, 60_000);
});
