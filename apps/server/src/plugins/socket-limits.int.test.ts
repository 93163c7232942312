import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChatChannel } from '@prsp/contracts';
import { chatMessages } from '../db/schema';
import { onboardedPatients } from '../modules/booking/booking.steps';
import { chatExpert, connectSocket, emitAck, ownQueue, tinyPdf, uploadFile, type ChatSocket } from '../modules/chat/chat.steps';
import { messageForm, PDF, postForm, subcategoryWith } from '../modules/messaging/conversations.steps';
import { okData, organisationBySlug, postJson } from '../modules/patients/patient.steps';
import { startTestApp, type TestApp } from '../test/test-app';
import { MAX_SOCKETS_PER_SESSION, SOCKET_EVENT_LIMITS } from './socket-limits';
import { UPLOAD_ALLOWANCE } from '../platform/files/upload-allowance';

/**
 * Floods (docs/security.md 'Limits against floods and slow clients'): what one patient's page can send at once is
 * bounded, per socket and per user, and so are the sockets of one session and the attachments of one user and chat.
 */
let t: TestApp;
let espoo: string;
const sockets: ChatSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function activeChat() {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const [patient] = await onboardedPatients(t, espoo, 1);
  const expert = await chatExpert(t, espoo, queueId);
  const channel = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { serviceId }));
  await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  return { patient: patient!, expert, channel };
}

const open = async (...args: Parameters<typeof connectSocket>) => {
  const socket = await connectSocket(...args);
  sockets.push(socket);
  return socket;
};

test('200 chat messages sent at once: the socket limit is stored, every other one refused 429 and not stored', async () => {
  const { patient, channel } = await activeChat();
  const socket = await open(t.baseUrl, { browser: patient });
  expect(await emitAck(socket, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: true });
  const acks = await Promise.all(
    Array.from({ length: 200 }, (_, i) => emitAck(socket, 'chat:send', { channelId: channel.id, id: randomUUID(), text: `viesti ${i}` })),
  );
  const allowed = SOCKET_EVENT_LIMITS['chat:send']!.perSocket;
  expect(acks.filter((a) => a.ok)).toHaveLength(allowed);
  expect(acks.filter((a) => !a.ok).every((a) => !a.ok && a.statusCode === 429 && a.errorKey === 'errors.tooManyRequests')).toBe(true);
  const [stored] = await t.database.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.channelId, channel.id));
  expect(stored!.n).toBe(allowed);
  expect(t.app.realtimeRefusals.get('chat:send')).toBeGreaterThanOrEqual(200 - allowed);
});

test('500 typing signals: the expert hears at most the limit, the rest is dropped', async () => {
  const { patient, expert, channel } = await activeChat();
  const [mine, theirs] = [await open(t.baseUrl, { browser: patient }), await open(t.baseUrl, { browser: expert.browser })];
  for (const s of [mine, theirs]) await emitAck(s, 'chat:join', { channelId: channel.id });
  let heard = 0;
  theirs.on('chat:typing', () => (heard += 1));
  for (let i = 0; i < 500; i++) mine.emit('chat:typing', { channelId: channel.id, typing: i % 2 === 0 });
  // A last event that is answered: once its answer is back, every typing signal before it has been handled.
  await emitAck(mine, 'chat:read', { channelId: channel.id, seq: 0 });
  await emitAck(theirs, 'chat:read', { channelId: channel.id, seq: 0 });
  expect(heard).toBeGreaterThan(0);
  expect(heard).toBeLessThanOrEqual(SOCKET_EVENT_LIMITS['chat:typing']!.perSocket);
});

test('one session opening 40 sockets gets the cap, and the rest are refused 429', async () => {
  const [patient] = await onboardedPatients(t, espoo, 1);
  const results = await Promise.allSettled(Array.from({ length: 40 }, () => open(t.baseUrl, { browser: patient! })));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_SOCKETS_PER_SESSION);
  for (const r of results.filter((r) => r.status === 'rejected'))
    expect((r as PromiseRejectedResult).reason).toMatchObject({ data: { statusCode: 429 } });
});

test('30 chat attachments in a burst: the allowance is taken, then 429 and nothing more is stored', async () => {
  const { patient, channel } = await activeChat();
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await uploadFile(patient, channel.id, { name: `liite${i}.pdf`, bytes: tinyPdf() })).status);
  const allowed = UPLOAD_ALLOWANCE.perUser.max;
  expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(200));
  expect(new Set(statuses.slice(allowed))).toEqual(new Set([429]));
  const [stored] = await t.database.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.channelId, channel.id));
  expect(stored!.n).toBe(allowed);
});

test('30 message sends with an attachment in a burst: the allowance is taken, then 429', async () => {
  const [patient] = await onboardedPatients(t, espoo, 1);
  const target = await subcategoryWith(t.database.db, espoo, []);
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++)
    statuses.push(
      (
        await postForm(
          patient!,
          '/api/patient/async-messaging/request-conversation',
          messageForm({ ...target, text: `viesti ${i}` }, [{ name: 'liite.pdf', data: PDF }]),
        )
      ).status,
    );
  const allowed = UPLOAD_ALLOWANCE.perUser.max;
  expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(200));
  expect(new Set(statuses.slice(allowed))).toEqual(new Set([429]));
});
