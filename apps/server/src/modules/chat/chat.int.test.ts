import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, ChatMessage, ExpertChat, ExpertQueue, HistoryItem, Transcript } from '@prsp/contracts';
import { chatQueues } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { jpegImage, pngImage } from '../../test/png';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { chatExpert, connectSocket, emitAck, nextEvent, say, serviceId, tinyPdf, uploadFile, type ChatSocket } from './chat.steps';

let t: TestApp;
let espoo: string;
let nurseService: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  nurseService = await serviceId(t, espoo, 'nurse');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function socketOf(browser: TestBrowser) {
  const socket = await connectSocket(t.baseUrl, { browser });
  sockets.push(socket);
  return socket;
}

const open = (browser: TestBrowser, body: unknown) => okData<ChatChannel>(postJson(browser, '/api/chat/channels', body));

describe('a one-to-one chat from a service queue', () => {
  test('the patient waits in line, the expert takes them, they talk, share a file, and the chat ends into history', async () => {
    const [aino, beata] = await onboardedPatients(t, espoo, 2);
    const nurse = await chatExpert(t, espoo, 'espoo-nurse');

    const first = await open(aino!, { serviceId: nurseService });
    expect(first).toMatchObject({ status: 'waiting', kind: 'queue', queueId: 'espoo-nurse', position: 1, me: { role: 'patient' } });
    // Entering again resumes the same place in line.
    expect((await open(aino!, { serviceId: nurseService })).id).toBe(first.id);
    const second = await open(beata!, { serviceId: nurseService });
    expect(second.position).toBe(2);

    const expertSocket = await socketOf(nurse.browser);
    expect(await emitAck(expertSocket, 'queue:watch', {})).toMatchObject({
      ok: true,
      data: { queueIds: expect.arrayContaining(['espoo-nurse']) },
    });
    const queues = await okData<ExpertQueue[]>(nurse.browser.fetch('/api/expert/chat/queues'));
    expect(queues.find((q) => q.id === 'espoo-nurse')!.waiting.map((w) => w.channelId)).toEqual([first.id, second.id]);

    const patientSocket = await socketOf(aino!);
    expect(await emitAck(patientSocket, 'chat:join', { channelId: first.id })).toMatchObject({ ok: true });
    // Sending before an expert has taken the chat is refused.
    expect(await emitAck(patientSocket, 'chat:send', { channelId: first.id, id: randomUUID(), text: 'Hei?' })).toMatchObject({
      ok: false,
      statusCode: 403,
    });

    const accepted = nextEvent(patientSocket, 'chat:channel', (e) => e.channelId === first.id && e.status === 'active');
    const queueMoved = nextEvent(expertSocket, 'queue:changed', (e) => e.queueId === 'espoo-nurse');
    const taken = await okData<ExpertChat>(postJson(nurse.browser, '/api/expert/chat/queues/espoo-nurse/accept'));
    expect(taken.channel).toMatchObject({ id: first.id, status: 'active', expertId: nurse.expertId });
    expect(taken.patientName).toBe('Potilas0 Kilpa');
    await accepted;
    await queueMoved;
    // Beata is first in line now.
    expect((await okData<ChatChannel>(beata!.fetch(`/api/chat/channels/${second.id}`))).position).toBe(1);

    expect(await emitAck(expertSocket, 'chat:join', { channelId: first.id })).toMatchObject({ ok: true });
    const heard = nextEvent(expertSocket, 'chat:message', (m) => m.channelId === first.id);
    const id = randomUUID();
    const stored = await say(patientSocket, first.id, 'Minulla on kuumetta.', id);
    expect(stored).toMatchObject({ seq: 1, text: 'Minulla on kuumetta.' });
    expect(await heard).toMatchObject({ id, userName: 'Potilas0 Kilpa', role: 'patient' });
    // A resend after a lost acknowledgement answers the stored message and stores nothing.
    expect(await say(patientSocket, first.id, 'Minulla on kuumetta.', id)).toMatchObject({ id, seq: 1 });
    const reply = await say(expertSocket, first.id, 'Kuinka korkea?');
    expect(reply.seq).toBe(2);

    const upload = await uploadFile(aino!, first.id, { name: '../../lab results.pdf', bytes: tinyPdf() });
    const fileMessage = await okData<ChatMessage>(upload);
    expect(fileMessage).toMatchObject({ seq: 3, kind: 'file', file: { filename: 'lab results.pdf', contentType: 'application/pdf' } });

    // What a client reconnecting after seq 1 missed.
    const missed = await okData<{ messages: ChatMessage[]; lastSeq: number }>(
      nurse.browser.fetch(`/api/chat/channels/${first.id}/messages?after=1`),
    );
    expect(missed.messages.map((m) => m.seq)).toEqual([2, 3]);
    expect(missed.lastSeq).toBe(3);

    const read = nextEvent(patientSocket, 'chat:read', (e) => e.userId === nurse.expertId);
    expect(await emitAck(expertSocket, 'chat:read', { channelId: first.id, seq: 3 })).toMatchObject({ ok: true });
    expect(await read).toMatchObject({ seq: 3 });

    const ended = nextEvent(patientSocket, 'chat:channel', (e) => e.status === 'ended');
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${first.id}/end`));
    await ended;
    expect(await emitAck(patientSocket, 'chat:send', { channelId: first.id, id: randomUUID(), text: 'Vielä yksi' })).toMatchObject({
      ok: false,
    });

    const history = await okData<HistoryItem[]>(aino!.fetch('/api/ninchat/my-transcripts'));
    expect(history[0]).toMatchObject({ id: first.id, expert_name: nurse.name, files: ['lab results.pdf'] });
    const transcript = await okData<Transcript>(aino!.fetch(`/api/ninchat/transcript?id=${first.id}`));
    expect(transcript.members[nurse.expertId]).toEqual({ role: 'agent', name: nurse.name });
    expect(transcript.messages.map((m) => m.message_text)).toEqual(['Minulla on kuumetta.', 'Kuinka korkea?']);
    expect(transcript.files).toEqual([{ id: fileMessage.file!.id, filename: 'lab results.pdf' }]);

    const link = await okData<{ file_url: string }>(aino!.fetch(`/api/ninchat/file?id=${fileMessage.file!.id}`));
    const download = await fetch(new URL(link.file_url, t.baseUrl));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="lab results.pdf"/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(tinyPdf());
    // Someone else's file: not found.
    await expectError(beata!.fetch(`/api/ninchat/file?id=${fileMessage.file!.id}`), 404, 404);

    const feedback = {
      data: { score: 9, tags: { environment: 'test', device: 'desktop', organization: 'Espoo', serviceName: 'Nurse chat' } },
      scoreType: 'nps',
      expertUuid: nurse.expertId,
      channelId: first.id,
    };
    await okData(postJson(aino!, '/api/feedback', feedback));
    await expectError(postJson(aino!, '/api/feedback', feedback), 400, 400);
    await okData(postJson(nurse.browser, '/api/expert/feedback', { channelId: first.id, score: 6 }));
  });

  test('files are checked by their bytes, not their names', async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    const nurse = await chatExpert(t, espoo, 'espoo-nurse');
    const channel = await open(patient!, { serviceId: nurseService });
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    const res = await uploadFile(patient!, channel.id, {
      name: 'virus.pdf',
      bytes: Buffer.from('MZ this is no pdf'),
      type: 'application/pdf',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: [{ field: 'file', messageKey: 'fields.attachmentType' }] });
    // An image is decoded in full: a PNG cut short, or a JPEG without its end, is refused as damaged; a whole one passes.
    const png = pngImage(64, 48);
    for (const [name, bytes] of [
      ['kuva.png', png.subarray(0, png.length - 20)],
      ['kuva.jpg', jpegImage(64, 48).subarray(0, 200)],
    ] as const) {
      const damaged = await uploadFile(patient!, channel.id, { name, bytes });
      expect(damaged.status, name).toBe(400);
      expect(await damaged.json()).toMatchObject({ fields: [{ field: 'file', messageKey: 'fields.imageCorrupt' }] });
    }
    expect((await uploadFile(patient!, channel.id, { name: 'kuva.png', bytes: png })).status).toBe(200);
  });

  test('nobody but the members sees a chat: other patients, experts of other queues and organisations get 404', async () => {
    const [owner, stranger] = await onboardedPatients(t, espoo, 2);
    const channel = await open(owner!, { serviceId: nurseService });
    await expectError(stranger!.fetch(`/api/chat/channels/${channel.id}`), 404, 404);
    await expectError(stranger!.fetch(`/api/chat/channels/${channel.id}/messages`), 404, 404);
    const physio = await chatExpert(t, espoo, 'espoo-physio');
    await expectError(physio.browser.fetch(`/api/chat/channels/${channel.id}`), 404, 404);
    await expectError(postJson(physio.browser, `/api/expert/chat/channels/${channel.id}/accept`), 404, 404);
    const kaarina = (await organisationBySlug(t, 'kaarina-demo')).id;
    const foreign = await chatExpert(t, kaarina, 'kaarina-child');
    await expectError(foreign.browser.fetch(`/api/chat/channels/${channel.id}`), 404, 404);
    const strangerSocket = await socketOf(stranger!);
    expect(await emitAck(strangerSocket, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: false, statusCode: 404 });
  });

  test('a closed queue is described as closed and refuses new patients', async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    const doctorService = await serviceId(t, espoo, 'doctor');
    await t.database.db
      .update(chatQueues)
      .set({ openingHours: { alwaysOpen: true, closed: true, weekly: [], exceptions: [] } })
      .where(eq(chatQueues.id, 'espoo-doctor'));
    const realm = await okData<{ realm_queues: Record<string, { queue_attrs: { closed: boolean } }> }>(
      patient!.fetch(`/api/chat/describe_realm_queues?realm_id=${espoo}`),
    );
    expect(realm.realm_queues['espoo-doctor']!.queue_attrs.closed).toBe(true);
    expect(realm.realm_queues['espoo-nurse']!.queue_attrs.closed).toBe(false);
    await expectError(postJson(patient!, '/api/chat/channels', { serviceId: doctorService }), 403, 403);
  });

  test('sockets need our own origin and a live session', async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    await expect(connectSocket(t.baseUrl, { browser: patient, origin: 'https://evil.example' })).rejects.toThrow();
    await expect(connectSocket(t.baseUrl, {})).rejects.toThrow();
  });
});

test('an instance shutting down tells its sockets at once instead of waiting for them to leave', async () => {
  const second = await startTestApp({}, { database: t.database });
  const [patient] = await onboardedPatients(second, espoo, 1);
  const socket = await connectSocket(second.baseUrl, { browser: patient });
  const told = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const started = Date.now();
  await second.close();
  expect(await told).toBe('io server disconnect');
  expect(Date.now() - started).toBeLessThan(5000);
});
