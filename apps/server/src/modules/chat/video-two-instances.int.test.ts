import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { organisationBySlug } from '../patients/patient.steps';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { startTestApp, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { connectSocket, nextEvent, type ChatSocket } from './chat.steps';
import { acceptedOneToOne, joinCall } from './video.steps';

/**
 * A call whose peers are on two instances (one database, one Redis): the peer list, signals and departures cross
 * through the Redis adapter (`fetchSockets` answers for every instance). Needs Redis, like the other multi-instance
 * tests, and says so where none answers.
 */
const runs = await redisAnswers();
if (!runs) console.warn(`video two-instance tests need Redis at ${TEST_REDIS_URL}; none answers, so they do not run here`);

let database: Database;
let redis: Redis;
let a: TestApp;
let b: TestApp;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  if (!runs) return;
  database = await openTestDatabase();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `prsp-video2-${randomBytes(4).toString('hex')}:` });
  a = await startTestApp({}, { database, redis });
  await seedDemo(database.db, createFieldCipher(a.config.dataKey));
  b = await startTestApp({}, { database, redis });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await a?.close();
  await b?.close();
  redis?.disconnect();
  await database?.close();
});

async function socketOn(app: TestApp, who: Parameters<typeof connectSocket>[1]) {
  const socket = await connectSocket(app.baseUrl, who);
  sockets.push(socket);
  return socket;
}

describe.runIf(runs)('a call across two instances', () => {
  test('the peer list, signals and departures cross instances; a socket outside the call hears nothing', async () => {
    const espoo = (await organisationBySlug(a, 'espoo-demo')).id;
    const call = await acceptedOneToOne(a, espoo);
    const patient = await socketOn(a, { browser: call.patient });
    const expert = await socketOn(b, { browser: call.expert.browser });
    // The patient's second tab, on A, not in the call.
    const bystander = await socketOn(a, { browser: call.patient });
    const bystanderHeard: unknown[] = [];
    bystander.on('video:signal', (e) => bystanderHeard.push(e));

    await joinCall(patient, call.channel.id);
    const announced = nextEvent(patient, 'video:peer-joined');
    expect((await joinCall(expert, call.channel.id)).peers).toEqual([expect.objectContaining({ peerId: patient.id, role: 'patient' })]);
    expect((await announced).peer).toMatchObject({ peerId: expert.id, role: 'agent', name: call.expert.name });

    expert.emit('video:signal', { channelId: call.channel.id, to: bystander.id!, description: { type: 'offer', sdp: 'v=0\r\n' } });
    const offer = nextEvent(patient, 'video:signal');
    expert.emit('video:signal', { channelId: call.channel.id, to: patient.id!, description: { type: 'offer', sdp: 'v=0\r\n' } });
    expect(await offer).toMatchObject({ from: expert.id, description: { type: 'offer' } });
    const answer = nextEvent(expert, 'video:signal');
    patient.emit('video:signal', { channelId: call.channel.id, to: expert.id!, description: { type: 'answer', sdp: 'v=0\r\n' } });
    expect(await answer).toMatchObject({ from: patient.id });
    expect(bystanderHeard).toEqual([]);

    const gone = nextEvent(patient, 'video:peer-left');
    const expertPeer = expert.id;
    expert.disconnect();
    expect(await gone).toEqual({ channelId: call.channel.id, peerId: expertPeer });
    const back = await socketOn(b, { browser: call.expert.browser });
    expect((await joinCall(back, call.channel.id)).peers.map((p) => p.peerId)).toEqual([patient.id]);
  });
});
