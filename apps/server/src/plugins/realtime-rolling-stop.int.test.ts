import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExpertPresence } from '@prsp/contracts';
import { staffPresence } from '../db/schema';
import { chatExpert, connectSocket, type ChatSocket } from '../modules/chat/chat.steps';
import { okData, organisationBySlug } from '../modules/patients/patient.steps';
import { rooms } from './realtime';
import { TestBrowser } from '../test/http-client';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTwoInstances, type TwoInstances } from '../test/two-instances';

/**
 * A rolling deploy stops one instance at a time. The stopping instance tells its own clients to go (they reconnect
 * to another one and refetch), and only its own: the Redis adapter would carry a plain `disconnectSockets` to every
 * instance, and everyone would reconnect at once. Needs Redis, like the other multi-instance tests.
 */

const runs = await redisAnswers();
if (!runs) console.warn(`rolling-stop tests need Redis at ${TEST_REDIS_URL}; none answers, so they do not run here`);

describe.runIf(runs)('stopping one of several instances', () => {
  let redis: Redis;
  let cluster: TwoInstances;
  let c: TestApp;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `prsp-rolling-${randomBytes(4).toString('hex')}:` });
    cluster = await startTwoInstances({}, { redis });
    c = await startTestApp({}, { database: cluster.database, redis });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await c?.close(); // closed by the last test when it ran to its end: a second close does nothing
    await cluster?.b.close();
    await cluster?.database.close();
    redis?.disconnect();
  });

  test("closes its own clients' sockets and leaves the other instances' connected", async () => {
    const { a, b } = cluster;
    // A nurse with the app open in two tabs, behind a load balancer that sent them to A and to B.
    const nurse = await chatExpert(a, (await organisationBySlug(a, 'espoo-demo')).id, 'espoo-nurse');
    const onB = new TestBrowser(b.baseUrl);
    onB.setCookie('prsp_session', nurse.browser.cookie('prsp_session')!);
    const socketOnA = await connectSocket(a.baseUrl, { browser: nurse.browser });
    const socketOnB = await connectSocket(b.baseUrl, { browser: onB });
    sockets.push(socketOnA, socketOnB);

    const aLeft = new Promise((resolve) => socketOnA.once('disconnect', resolve));
    await a.close();
    expect(await aLeft).toBe('io server disconnect');

    // What A published before it closed is read by B before anything published after it (the adapter's stream keeps
    // the order). So when C's broadcast to the nurse reaches her tab on B, B has acted on all A said.
    const heard = await new Promise((resolve) => {
      if (socketOnB.disconnected) return resolve('disconnected already');
      socketOnB.once('queue:changed', ({ queueId }) => resolve(queueId));
      socketOnB.once('disconnect', (reason) => resolve(reason));
      c.app.realtime.to(rooms.user(nurse.userId)).emit('queue:changed', { queueId: 'after-a-stopped' });
    });
    expect(heard).toBe('after-a-stopped');
    expect(socketOnB.connected).toBe(true);
  });

  test('an expert whose only tab was on the stopping instance stays on duty while the tab reconnects elsewhere', async () => {
    // Marked offline there, colleagues and the queue would see her go and come back a moment later. She is offline
    // after PRESENCE_OFFLINE_SECONDS if she does not come back, as for any tab that stops beating.
    const { b } = cluster;
    const nurse = await chatExpert(c, (await organisationBySlug(c, 'espoo-demo')).id, 'espoo-nurse');
    const tab = await connectSocket(c.baseUrl, { browser: nurse.browser });
    sockets.push(tab);
    expect(await new Promise((resolve) => tab.emit('presence:heartbeat', { active: true }, resolve))).toEqual({ ok: true, data: null });

    // The instance's close waits for its presence work, so what it did is in the database once it has closed.
    await c.close();
    const [row] = await cluster.database.db.select().from(staffPresence).where(eq(staffPresence.userId, nurse.userId));
    expect(row?.lastSeenAt).not.toBeNull();
    const onB = new TestBrowser(b.baseUrl);
    onB.setCookie('prsp_session', nurse.browser.cookie('prsp_session')!);
    expect(await okData<ExpertPresence>(onB.fetch('/api/expert/presence'))).toMatchObject({ state: 'available' });
  });
});
