import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import type { ChatChannel, ChatMessage, ContactHistoryItem, Transcript } from '@prsp/contracts';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId, tinyPdf, uploadFile } from './chat.steps';

/**
 * Who reads a chat (docs/chat.md 'Who reads a chat'): its members, and an expert of its organisation only when a
 * later chat or appointment with its patient brings them in. Everyone else gets 404, as for a chat that is not there.
 */
let t: TestApp;
let espoo: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(() => t?.close());

const open = (browser: TestBrowser, serviceId: string) => okData<ChatChannel>(postJson(browser, '/api/chat/channels', { serviceId }));
const accept = (expert: { browser: TestBrowser }, channelId: string) =>
  okData(postJson(expert.browser, `/api/expert/chat/channels/${channelId}/accept`));
const end = (expert: { browser: TestBrowser }, channelId: string) =>
  okData(postJson(expert.browser, `/api/expert/chat/channels/${channelId}/end`));

/** A patient's chat in a queue of its own, taken by a nurse of that queue, with a file the patient sent. */
async function takenChatWithFile() {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const [patient] = await onboardedPatients(t, espoo, 1);
  const patientId = await sessionPatientId(t, patient!);
  const nurse = await chatExpert(t, espoo, queueId);
  const channel = await open(patient!, serviceId);
  await accept(nurse, channel.id);
  const file = await okData<ChatMessage>(uploadFile(patient!, channel.id, { name: 'labra.pdf', bytes: tinyPdf() }));
  return {
    queueId,
    serviceId,
    patient: patient!,
    patientId,
    nurse,
    channel,
    chat: { channelId: channel.id, fileId: file.file!.id, patientId },
  };
}

/** What an expert gets of a chat: the transcript's status, the file link's status, and the chats their contact history lists. */
async function whatReads(expert: { browser: TestBrowser }, chat: { channelId: string; fileId: string; patientId: string }) {
  const transcript = await expert.browser.fetch(`/api/expert/chat/channels/${chat.channelId}/transcript`);
  const file = await expert.browser.fetch(`/api/ninchat/file?id=${chat.fileId}`);
  const history = await okData<ContactHistoryItem[]>(expert.browser.fetch(`/api/expert/chat/contact-history/${chat.patientId}`));
  return { transcript: transcript.status, file: file.status, history: history.map((h) => h.channelId) };
}

describe('a patient chat is read by its members and by the experts a later chat or appointment brings in', () => {
  test('a colleague who never met the patient reads nothing of it, live or ended; a later appointment or chat lets them in', async () => {
    const { queueId, serviceId, patient, patientId, nurse, channel, chat } = await takenChatWithFile();

    // Colleagues of the same organisation: one in the same queue, one with appointments that do not bring them in.
    const queueMate = await chatExpert(t, espoo, queueId, { firstName: 'Kalle', lastName: 'Kollega' });
    const earlier = await chatExpert(t, espoo, queueId, { firstName: 'Eeva', lastName: 'Aiempi' });
    const cancelled = await chatExpert(t, espoo, queueId, { firstName: 'Peppi', lastName: 'Peruttu' });
    const later = await chatExpert(t, espoo, queueId, { firstName: 'Lauri', lastName: 'Myöhempi' });
    const patients = [{ id: patientId, name: 'Potilas' }];
    await bookedAppointment(t, espoo, { type: 'oneOnOne', expertId: earlier.expertId, startsAt: new Date(Date.now() - DAY), patients });
    await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: cancelled.expertId,
      startsAt: new Date(Date.now() + DAY),
      status: 'cancelled',
      patients,
    });

    const refused = { transcript: 404, file: 404, history: [] };
    // While the chat runs: its expert reads it; a colleague does not.
    expect((await whatReads(nurse, chat)).transcript).toBe(200);
    expect((await whatReads(nurse, chat)).file).toBe(200);
    expect(await whatReads(queueMate, chat)).toEqual(refused);

    // Ended: its expert still reads it and sees it in the contact history; the colleagues still do not.
    await end(nurse, channel.id);
    expect(await whatReads(nurse, chat)).toEqual({ transcript: 200, file: 200, history: [channel.id] });
    for (const colleague of [queueMate, earlier, cancelled, later]) expect(await whatReads(colleague, chat)).toEqual(refused);

    // An appointment with the patient after the chat began, even one still ahead, brings its expert in.
    await bookedAppointment(t, espoo, { type: 'oneOnOne', expertId: later.expertId, startsAt: new Date(Date.now() + DAY), patients });
    expect(await whatReads(later, chat)).toEqual({ transcript: 200, file: 200, history: [channel.id] });
    const transcript = await okData<Transcript>(later.browser.fetch(`/api/expert/chat/channels/${channel.id}/transcript`));
    expect(transcript.members[nurse.expertId]).toEqual({ role: 'agent', name: nurse.name });

    // So does a later chat with the patient: the queue mate takes the patient's next chat and may read the first.
    const next = await open(patient, serviceId);
    await accept(queueMate, next.id);
    await end(queueMate, next.id);
    expect(await whatReads(queueMate, chat)).toEqual({ transcript: 200, file: 200, history: [next.id, channel.id] });
    // The first chat's nurse did not meet the patient again, so the later chat stays closed to them.
    const nextChat = { ...chat, channelId: next.id };
    expect((await whatReads(nurse, nextChat)).transcript).toBe(404);
    expect((await whatReads(nurse, nextChat)).history).toEqual([channel.id]);
    // The appointment before the chat and the cancelled one bring nobody in.
    expect(await whatReads(earlier, chat)).toEqual(refused);
    expect(await whatReads(cancelled, chat)).toEqual(refused);
  });
});

describe('a file link made for an expert', () => {
  test('downloads the file, and the download is logged as that expert reading the patient', async () => {
    const { patientId, nurse, chat } = await takenChatWithFile();
    const { file_url } = await okData<{ file_url: string }>(nurse.browser.fetch(`/api/ninchat/file?id=${chat.fileId}`));
    const download = await fetch(`${t.baseUrl}${file_url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'chat.file.download'));
    expect(rows.map((r) => [r.actorId, r.actorRole, r.patientId, r.objectId])).toContainEqual([
      nurse.userId,
      'expert',
      patientId,
      chat.fileId,
    ]);
  });
});
