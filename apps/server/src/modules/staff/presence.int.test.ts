import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZServicesResponse, type ChatChannel, type ExpertPresence, type SocketAck } from '@prsp/contracts';
import { chatQueues, experts, staffPresence } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { chatExpert, connectSocket, ownQueue, type ChatSocket } from '../chat/chat.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * Presence (issue 32): heartbeats over the socket, the expert's own status over HTTP, what a queue does when nobody
 * is on duty, what the patient's service card says, and the limit of chats at once.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let patient: TestBrowser;

beforeAll(async () => {
  // No read-model cache: the service cards' on-duty count is otherwise up to 15 s old (services.service.ts).
  t = await startTestApp({ READ_MODEL_CACHE_TTL_SECONDS: '0' });
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  kaarina = (await organisationBySlug(t, 'kaarina-demo')).id;
  [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
});
afterAll(() => t?.close());

const sockets: ChatSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

const putJson = (browser: TestBrowser, path: string, body: unknown) =>
  browser.fetch(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const presenceOf = (browser: TestBrowser) => okData<ExpertPresence>(browser.fetch('/api/expert/presence'));
const availabilityOf = async (queueId: string) =>
  ZServicesResponse.parse(await okData(patient.fetch('/api/services'))).availability?.[queueId];

/** Opens the expert app's socket and sends one heartbeat, as the app does when it starts. */
async function online(browser: TestBrowser, active = true): Promise<ChatSocket> {
  const socket = await connectSocket(t.baseUrl, { browser });
  sockets.push(socket);
  await beat(socket, active);
  return socket;
}
async function beat(socket: ChatSocket, active: boolean): Promise<SocketAck<null>> {
  return new Promise((resolve) => socket.emit('presence:heartbeat', { active }, resolve));
}
/** Waits for a condition the server reaches after an event (a closed socket's cleanup), without sleeping blindly. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached');
}

describe('presence', () => {
  test('offline until a heartbeat; the expert chooses busy and away; the last socket closing makes them offline', async () => {
    const { queueId } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, queueId);
    expect(await presenceOf(expert.browser)).toMatchObject({
      expertId: expert.expertId,
      state: 'offline',
      status: 'available',
      openChats: 0,
      queueIds: [queueId],
    });

    const socket = await online(expert.browser);
    const changed = new Promise((resolve) => socket.once('presence:changed', resolve));
    expect((await presenceOf(expert.browser)).state).toBe('available');
    expect(await okData<ExpertPresence>(putJson(expert.browser, '/api/expert/presence', { status: 'busy' }))).toMatchObject({
      state: 'busy',
      status: 'busy',
    });
    await changed; // the user's own sockets hear it (their other tabs)
    expect((await okData<ExpertPresence>(putJson(expert.browser, '/api/expert/presence', { status: 'away' }))).state).toBe('away');
    await expectError(putJson(expert.browser, '/api/expert/presence', { status: 'gone' }), 400, 400);
    await okData(putJson(expert.browser, '/api/expert/presence', { status: 'available' }));

    // Idle longer than the organisation allows: away, until they use the app again.
    await t.database.db
      .update(staffPresence)
      .set({ lastActiveAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(staffPresence.userId, expert.userId));
    expect((await presenceOf(expert.browser)).state).toBe('away');
    expect((await beat(socket, false)).ok).toBe(true);
    expect((await presenceOf(expert.browser)).state).toBe('away');
    await beat(socket, true);
    expect((await presenceOf(expert.browser)).state).toBe('available');

    socket.close();
    await until(async () => (await presenceOf(expert.browser)).state === 'offline');
  });

  test('refuses callers who are no expert: a patient, a heartbeat without an expert session', async () => {
    await expectError(patient.fetch('/api/expert/presence'), 401, 101);
    await expectError(putJson(patient, '/api/expert/presence', { status: 'away' }), 401, 101);
    const socket = await connectSocket(t.baseUrl, { browser: patient });
    sockets.push(socket);
    expect(await beat(socket, true)).toMatchObject({ ok: false, statusCode: 101 });
  });
});

describe('when nobody is on duty', () => {
  test("'close': the queue refuses patients (chat-not-available) and the card says nobody is on duty; one expert online opens it", async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await t.database.db.update(chatQueues).set({ whenNobodyOnDuty: 'close' }).where(eq(chatQueues.id, queueId));
    const expert = await chatExpert(t, espoo, queueId);
    expect(await availabilityOf(queueId)).toMatchObject({ staffed: true, onDuty: 0, whenNobodyOnDuty: 'close', openNow: true });
    await expectError(postJson(patient, '/api/chat/channels', { serviceId }), 403, 403);

    // An expert of another organisation serving a queue of the same name there counts for nothing here.
    const { queueId: theirs } = await ownQueue(t, kaarina);
    const stranger = await chatExpert(t, kaarina, theirs);
    await online(stranger.browser);
    await expectError(postJson(patient, '/api/chat/channels', { serviceId }), 403, 403);

    const socket = await online(expert.browser);
    expect(await availabilityOf(queueId)).toMatchObject({ onDuty: 1 });
    const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId }));
    expect(channel).toMatchObject({ status: 'waiting', queueId });
    await okData(postJson(patient, `/api/chat/channels/${channel.id}/leave`));

    // Away is not on duty; busy is.
    await okData(putJson(expert.browser, '/api/expert/presence', { status: 'away' }));
    expect(await availabilityOf(queueId)).toMatchObject({ onDuty: 0 });
    await expectError(postJson(patient, '/api/chat/channels', { serviceId }), 403, 403);
    await okData(putJson(expert.browser, '/api/expert/presence', { status: 'busy' }));
    expect(await availabilityOf(queueId)).toMatchObject({ onDuty: 1 });
    await okData(putJson(expert.browser, '/api/expert/presence', { status: 'available' }));
    socket.close();
  });

  test("'wait': the queue admits the patient with nobody on duty, and the card says how many are (none)", async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await chatExpert(t, espoo, queueId);
    expect(await availabilityOf(queueId)).toMatchObject({ staffed: true, onDuty: 0, whenNobodyOnDuty: 'wait' });
    const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId }));
    expect(channel.status).toBe('waiting');
    await okData(postJson(patient, `/api/chat/channels/${channel.id}/leave`));
  });
});

describe('the limit of chats at once', () => {
  test('accepting one more chat than the limit is refused with 409 chatLimitReached; ending one makes room', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, queueId);
    await t.database.db.update(experts).set({ maxConcurrentChats: 1 }).where(eq(experts.id, expert.expertId));
    const [first, second] = (await onboardedPatients(t, espoo, 2)) as [TestBrowser, TestBrowser];
    await okData(postJson(first, '/api/chat/channels', { serviceId }));
    const waiting = await okData<ChatChannel>(postJson(second, '/api/chat/channels', { serviceId }));

    const taken = await okData<{ channel: { id: string } }>(postJson(expert.browser, `/api/expert/chat/queues/${queueId}/accept`));
    await online(expert.browser);
    expect(await presenceOf(expert.browser)).toMatchObject({ state: 'busy', openChats: 1, maxConcurrentChats: 1 });
    const refused = await expectError(postJson(expert.browser, `/api/expert/chat/queues/${queueId}/accept`), 409, 409);
    expect(refused.errorKey).toBe('errors.chatLimitReached');
    await expectError(postJson(expert.browser, `/api/expert/chat/channels/${waiting.id}/accept`), 409, 409);

    await okData(postJson(expert.browser, `/api/expert/chat/channels/${taken.channel.id}/end`));
    await okData(postJson(expert.browser, `/api/expert/chat/queues/${queueId}/accept`));
  });
});
