import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, ChatMessage } from '@prsp/contracts';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { startAppProcess } from '../../test/app-process';
import { TestBrowser } from '../../test/http-client';
import { freePort, startTestApp, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { chatExpert, connectSocket, emitAck, messageLog, nextEvent, say, serviceId, type ChatSocket } from './chat.steps';

/**
 * Issue 9 item 9: two instances on one database and one Redis, the patient on one and the expert on the other.
 * Messages cross between them through the Redis adapter; then the patient's instance dies mid-chat and the patient
 * reconnects to the other one without losing a message, as the web client does: join again, fetch what came after
 * the last message it had, resend what was never acknowledged under the same id.
 *
 * On the PostgreSQL server the instances are real processes (`node --import tsx apps/server/src/main.ts`) and the
 * patient's one is killed with SIGKILL. PGlite lives in one process's memory, so there both instances run in the
 * test's process, and "killing" A means it stops listening and every TCP connection it has (the upgraded WebSockets
 * too, which `closeAllConnections()` does not reach) is destroyed at once, with no close handshake: what its clients
 * see of a crash. Needs Redis, like the other multi-instance tests, and says so where none answers.
 */

const runs = await redisAnswers();
if (!runs) console.warn(`chat two-instance tests need Redis at ${TEST_REDIS_URL}; none answers, so they do not run here`);

/** One instance as the test sees it: where it answers, and how it dies. */
type Instance = { url: string; kill(): Promise<void>; close(): Promise<void> };

/** The two instances, and what the test's helpers need of an app (database, configuration, A's address). */
type Cluster = { shared: TestApp; a: Instance; b: Instance; close(): Promise<void> };

/** Two in-process instances on one PGlite database and Redis under a key prefix of their own. */
async function inProcess(): Promise<Cluster> {
  const database = await openTestDatabase();
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `prsp-chat2-${randomBytes(4).toString('hex')}:` });
  const a = await startTestApp({}, { database, redis });
  await seedDemo(database.db, createFieldCipher(a.config.dataKey));
  const b = await startTestApp({}, { database, redis });
  // Every TCP connection A has, WebSockets included: a crash drops them all at once.
  const connections = new Set<NetSocket>();
  a.app.server.on('connection', (socket: NetSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const asInstance = (app: TestApp, kill: () => Promise<void>): Instance => ({ url: app.baseUrl, kill, close: () => app.close() });
  return {
    shared: a,
    a: asInstance(a, async () => {
      const stopped = new Promise<void>((resolve) => a.app.server.close(() => resolve()));
      a.app.server.closeAllConnections();
      for (const socket of connections) socket.destroy();
      await stopped;
    }),
    b: asInstance(b, async () => undefined),
    async close() {
      // A's server no longer listens; Fastify's close still ends its Socket.IO server, jobs and Redis adapter.
      await a.close();
      await b.close();
      redis.disconnect();
      await database.close();
    },
  };
}

/** Two `main.ts` processes on a fresh database of the PostgreSQL server and one Redis. */
async function processes(): Promise<Cluster> {
  const database = await openTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'prsp-chat2-'));
  const [portA, portB] = [await freePort(), await freePort()];
  const config = loadConfig({ NODE_ENV: 'test', PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}`, MAIL_CATCHER_PORT: '0' });
  await seedDemo(database.db, createFieldCipher(config.dataKey));
  const [a, b] = await Promise.all([startProcess('a', portA, database.url!, dir), startProcess('b', portB, database.url!, dir)]);
  const shared = { database: database as Database, config, baseUrl: a.url } as TestApp; // what the helpers read of an app
  return {
    shared,
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `main.ts` as a process of its own on the shared database and the test Redis (test/app-process.ts). */
const startProcess = (label: string, port: number, databaseUrl: string, dir: string): Promise<Instance> =>
  startAppProcess({ label, port, databaseUrl, redisUrl: TEST_REDIS_URL, dir });

/** The same signed-in person in a browser pointed at another instance (behind a load balancer: the same cookies). */
function sameUserAt(browser: TestBrowser, url: string): TestBrowser {
  const moved = new TestBrowser(url);
  for (const name of ['prsp_session', 'prsp_csrf']) moved.setCookie(name, browser.cookie(name)!);
  return moved;
}

/** The WebSocket under a Socket.IO client (engine.io's Node transport wraps a `ws` WebSocket over a TCP socket). */
const webSocketOf = (socket: ChatSocket) =>
  (socket.io.engine.transport as unknown as { ws: { terminate(): void; _socket: { _handle: { readStop(): void } } } }).ws;

/**
 * The client stops reading its connection at the TCP handle: what the server sends from now on stays in the kernel
 * and is lost with the connection (pausing the stream is not enough: `ws` reads what was buffered when it closes).
 */
const stopReading = (socket: ChatSocket) => webSocketOf(socket)._socket._handle.readStop();

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe.runIf(runs)(`a chat across two instances, ${SERVER_URL ? 'two processes on PostgreSQL' : 'in this process on PGlite'}`, () => {
  let cluster: Cluster;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    cluster = SERVER_URL ? await processes() : await inProcess();
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  }, 60_000);

  async function socketAt(url: string, browser: TestBrowser) {
    const socket = await connectSocket(url, { browser });
    sockets.push(socket);
    return socket;
  }

  test("the patient's instance dies mid-chat; on the other one the patient has every message exactly once, in order", async () => {
    const { shared, a, b } = cluster;
    const espoo = (await organisationBySlug(shared, 'espoo-demo')).id;
    const [patientOnA] = await onboardedPatients(shared, espoo, 1);
    const expert = await chatExpert(shared, espoo, 'espoo-nurse');
    const expertOnB = sameUserAt(expert.browser, b.url);

    const channel = await okData<ChatChannel>(
      postJson(patientOnA!, '/api/chat/channels', { serviceId: await serviceId(shared, espoo, 'nurse') }),
    );
    const c = channel.id;
    const patient = await socketAt(a.url, patientOnA!);
    const expertSocket = await socketAt(b.url, expertOnB);
    expect(await emitAck(patient, 'chat:join', { channelId: c })).toEqual({ ok: true, data: { lastSeq: 0 } });
    expect(await emitAck(expertSocket, 'queue:watch', {})).toMatchObject({ ok: true });

    // Taken on B: the patient waiting on A hears it (B → Redis → A).
    const accepted = nextEvent(patient, 'chat:channel', (e) => e.channelId === c && e.status === 'active');
    await okData(postJson(expertOnB, `/api/expert/chat/channels/${c}/accept`));
    await accepted;
    expect(await emitAck(expertSocket, 'chat:join', { channelId: c })).toMatchObject({ ok: true });

    // What the patient's client holds: every message it was told of, by acknowledgement or by event.
    const had = new Map<string, ChatMessage>();
    const keep = (m: ChatMessage) => void had.set(m.id, m);
    patient.on('chat:message', (m) => m.channelId === c && keep(m));
    const expertHeard = messageLog(expertSocket, c);
    const patientHeard = messageLog(patient, c);

    for (let i = 1; i <= 3; i++) {
      keep((await say(patient, c, `Potilas ${i}`)) as ChatMessage);
      await expertHeard.until(2 * i - 1); // A → B
      await say(expertSocket, c, `Hoitaja ${i}`);
      await patientHeard.until(2 * i); // B → A
    }
    expect([...had.values()].map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);

    // The patient sends once more, but the acknowledgement never reaches it: its socket stops reading, then A dies.
    stopReading(patient);
    const pendingId = randomUUID();
    let acknowledged = false;
    patient.emit('chat:send', { channelId: c, id: pendingId, text: 'Menikö tämä perille?' }, () => void (acknowledged = true));
    expect((await expertHeard.until(7)).at(-1)).toMatchObject({ id: pendingId, seq: 7 });
    await say(expertSocket, c, 'Meni, kiitos'); // 8: sent to the patient, never read
    await a.kill();
    // B goes on while A is down.
    await say(expertSocket, c, 'Oletko vielä siellä?'); // 9
    await say(expertSocket, c, 'Odotan vastaustasi'); // 10
    const dropped = new Promise((resolve) => patient.once('disconnect', resolve));
    webSocketOf(patient).terminate();
    await dropped;
    expect(acknowledged).toBe(false);

    // The patient's page reconnects, to B now, with the same session cookie: join, fetch after the last it had, resend.
    const patientOnB = sameUserAt(patientOnA!, b.url);
    const again = await socketAt(b.url, patientOnB);
    const lastHad = Math.max(...[...had.values()].map((m) => m.seq));
    expect(await emitAck(again, 'chat:join', { channelId: c })).toEqual({ ok: true, data: { lastSeq: 10 } });
    const missed = await okData<{ messages: ChatMessage[]; lastSeq: number }>(
      patientOnB.fetch(`/api/chat/channels/${c}/messages?after=${lastHad}`),
    );
    expect(missed.lastSeq).toBe(10);
    expect(missed.messages.map((m) => [m.seq, m.text])).toEqual([
      [7, 'Menikö tämä perille?'],
      [8, 'Meni, kiitos'],
      [9, 'Oletko vielä siellä?'],
      [10, 'Odotan vastaustasi'],
    ]);
    for (const m of missed.messages) keep(m);
    // The unacknowledged one, resent under its id: answered with the stored message, stored and announced once.
    const resent = (await say(again, c, 'Menikö tämä perille?', pendingId)) as ChatMessage;
    expect(resent).toEqual(missed.messages[0]);
    keep(resent);

    const timeline = [...had.values()].sort((x, y) => x.seq - y.seq);
    expect(timeline.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(timeline.map((m) => m.text)).toEqual([
      'Potilas 1',
      'Hoitaja 1',
      'Potilas 2',
      'Hoitaja 2',
      'Potilas 3',
      'Hoitaja 3',
      'Menikö tämä perille?',
      'Meni, kiitos',
      'Oletko vielä siellä?',
      'Odotan vastaustasi',
    ]);
    const stored = await okData<{ messages: ChatMessage[] }>(patientOnB.fetch(`/api/chat/channels/${c}/messages?after=0`));
    expect(stored.messages).toEqual(timeline);

    // Both on B now: the chat goes on, and the expert heard the resend no second time.
    const heard = nextEvent(expertSocket, 'chat:message', (m) => m.channelId === c && m.seq === 11);
    await say(again, c, 'Yhteys katkesi hetkeksi');
    expect(await heard).toMatchObject({ text: 'Yhteys katkesi hetkeksi', role: 'patient' });
    const reply = nextEvent(again, 'chat:message', (m) => m.channelId === c && m.seq === 12);
    await say(expertSocket, c, 'Ei haittaa');
    await reply;
    expect(expertHeard.heard.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  }, 60_000);
});
