import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo-seed';
import { connectSocket, emitAck, type ChatSocket } from '../../modules/chat/chat.steps';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { startTestApp, type TestApp } from '../test-app';
import { faultCast, type FaultCast } from './fault-cast';
import { describeErrors, LOAD_TEST, missingFromDatabase, startLoad, until } from './fault-load';
import { privatePostgresMissing, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

/**
 * Fault (a), issue 13: the PostgreSQL server restarts under load. A private cluster of this file's own (never the
 * machine's shared server) serves one app instance; patients book and a patient chats in a bounded loop over
 * loopback while `pg_ctl restart` runs, once politely (`-m fast`) and once as a crash (`-m immediate`). The product
 * must answer again with nobody restarting it, and every booking it confirmed and every message it acknowledged must
 * be in the database afterwards. How long it took is a figure, printed (docs/faults.md keeps the last ones), not a
 * bound: a shared, loaded CI machine must not fail a run in which nothing was lost.
 */

/** Not a target: past this the product did not recover by itself at all. */
const NEVER_RECOVERED_MS = 60_000;
const missing = privatePostgresMissing();
if (missing) console.warn(`PostgreSQL restart fault tests skipped: ${missing}`);

describe.skipIf(missing !== null)('fault: the PostgreSQL server restarts under load', () => {
  let pg: PrivatePostgres;
  let database: Database;
  let t: TestApp;
  let cast: FaultCast;
  let socket: ChatSocket;
  let used = 0;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    database = await openDatabase({ url: pg.url });
    t = await startTestApp(LOAD_TEST, { database });
    await seedDemo(database.db, createFieldCipher(t.config.dataKey));
    cast = await faultCast(t, 120);
    socket = await connectSocket(t.baseUrl, { browser: cast.chat.patient });
    expect(await emitAck(socket, 'chat:join', { channelId: cast.chat.channelId })).toMatchObject({ ok: true });
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await t?.close();
    await database?.close();
    await pg?.stop();
  }, 60_000);

  const ready = () =>
    fetch(`${t.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );

  test.each(['fast', 'immediate'] as const)(
    'pg_ctl restart -m %s: answers again by itself, nothing confirmed is lost',
    async (mode) => {
      // Each run books slots of its own.
      const slots = cast.slots.slice(used, used + 60);
      const patients = cast.patients.slice(used, used + 60);
      used += 60;
      const load = startLoad({ patients, slots, bookingWorkers: 2, chat: { socket: () => socket, channelId: cast.chat.channelId } });
      try {
        await until(() => load.bookings.ok.length >= 5 && load.messages.ok.length >= 10, 20_000, 'load under way');

        // Readiness is watched the whole time: when it first fails, and when it answers again.
        let watching = true;
        let firstDown = NaN;
        let backUp = NaN;
        const watcher = (async () => {
          while (watching) {
            const ok = await ready();
            const now = performance.now();
            if (!ok && Number.isNaN(firstDown)) firstDown = now;
            if (ok && !Number.isNaN(firstDown) && Number.isNaN(backUp)) backUp = now;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        })();

        const failedBefore = { bookings: load.bookings.failed, messages: load.messages.failed };
        const started = performance.now();
        await pg.restart(mode);
        const serverBack = performance.now();
        // The product on its own: the next confirmation of each kind after the server accepts again.
        const bookingsBefore = load.bookings.ok.length;
        const messagesBefore = load.messages.ok.length;
        await until(
          () => load.bookings.ok.length >= bookingsBefore + 3 && load.messages.ok.length >= messagesBefore + 5 && !Number.isNaN(backUp),
          NEVER_RECOVERED_MS,
          'bookings, messages and readiness after the restart',
        );
        watching = false;
        await watcher;
        const firstBooking = load.bookings.ok.find((b) => b.at > serverBack)!.at;
        const firstMessage = load.messages.ok.find((m) => m.at > serverBack)!.at;
        const answered = Math.max(backUp, firstBooking, firstMessage);
        await load.stop();

        // No connection is left checked out for good (a transaction whose `begin` failed): the pool has them all back.
        await until(() => database.poolStats!().total === database.poolStats!().idle, 5000, 'every pool connection returned');
        const lost = await missingFromDatabase(database.db, load);
        const figures = {
          mode,
          'pg_ctl restart took ms': Math.round(serverBack - started),
          'readiness failed for ms': Math.round(backUp - firstDown),
          'restart began → readiness, a booking and a message answer again, ms': Math.round(answered - started),
          'server accepting → app answering again, ms': Math.round(answered - serverBack),
          'bookings confirmed / failed in flight / lost': `${load.bookings.ok.length} / ${load.bookings.failed - failedBefore.bookings} / ${lost.bookings.length}`,
          'messages acknowledged / failed in flight / lost': `${load.messages.ok.length} / ${load.messages.failed - failedBefore.messages} / ${lost.messages.length}`,
          'failures seen': `bookings: ${describeErrors(load.bookings)}; messages: ${describeErrors(load.messages)}`,
        };
        console.log(`[fault a: PostgreSQL restart -m ${mode}]`, JSON.stringify(figures, null, 2));

        expect(lost).toEqual({ bookings: [], messages: [] });
      } finally {
        await load.stop();
      }
    },
    NEVER_RECOVERED_MS + 60_000,
  );
});
