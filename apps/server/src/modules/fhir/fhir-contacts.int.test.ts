import { and, eq, gt, max } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, SentMessages } from '@prsp/contracts';
import { auditLog } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { onboardedPatients } from '../booking/booking.steps';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId } from '../chat/chat.steps';
import { expertBrowser } from '../messaging/categories.steps';
import { messageForm, PDF, postForm, subcategoryWith } from '../messaging/conversations.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { entryIds, fhirClient, fhirGet, type FhirBody } from './fhir.steps';

/**
 * Issue 30, point 4: what the `message.received` and `chat.ended` events name resolves through the FHIR API, as
 * `Communication/{messageId}` and `Encounter/{channelId}`. Messages and chats are made through the product's routes.
 */
let t: TestApp;
let espoo: string;
let token: string;
let clientId: string;
let otherToken: string;
let patient: TestBrowser;
let patientId: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  ({ token, id: clientId } = await fhirClient(t, await staffBrowser(t)));
  otherToken = (await fhirClient(t, await staffBrowser(t, { organisation: 'kaarina-demo' }), 'Muu')).token;
  [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
  patientId = await sessionPatientId(t, patient);
});
afterAll(() => t?.close());

const fhir = (path: string, bearer = token) => fhirGet(t, bearer, path);
const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const readsSince = (since: number, objectType: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, since), eq(auditLog.action, 'fhir.read'), eq(auditLog.objectType, objectType)));

describe('Communication: the secure messages message.received names', () => {
  test('a request with a file and its answer: read, searched by conversation, patient and time, audited', async () => {
    const expert = await expertBrowser(t, 'espoo-demo', { lastName: 'Vastaaja' });
    const { categoryId, subcategoryId } = await subcategoryWith(t.database.db, espoo, [expert.expertId]);
    const sent = await okData<SentMessages>(
      postForm(
        patient,
        '/api/patient/async-messaging/request-conversation',
        messageForm({ categoryId, subcategoryId, text: 'Kuumetta' }, [{ name: 'lähete.pdf', data: PDF, type: 'application/pdf' }]),
      ),
    );
    const [text, file] = sent.messages.map((m) => m.id) as [string, string];
    const conversation = { identifier: { system: 'urn:prsp:conversation', value: sent.conversationId } };

    const read = (await fhir(`Communication/${text}`)).body;
    expect(read).toEqual({
      resourceType: 'Communication',
      id: text,
      meta: { versionId: '1', lastUpdated: read.sent },
      partOf: [conversation],
      status: 'completed',
      category: [{ coding: [{ system: 'urn:prsp:message-category', code: categoryId, display: 'Luokka' }], text: 'Luokka' }],
      subject: { reference: `Patient/${patientId}` },
      sent: expect.any(String),
      sender: { reference: `Patient/${patientId}` },
      payload: [{ contentString: 'Kuumetta' }],
    });
    // The file is described, never served: its type, name and size.
    expect((await fhir(`Communication/${file}`)).body.payload).toEqual([
      { contentAttachment: { contentType: 'application/pdf', title: 'lähete.pdf', size: PDF.length } },
    ]);

    await okData(
      postForm(
        expert.browser,
        `/api/expert/async-messaging/categories/${categoryId}/reply/${sent.conversationId}`,
        messageForm({ text: 'Lepää.' }),
      ),
    );
    const thread = (await fhir(`Communication?part-of:identifier=urn:prsp:conversation|${sent.conversationId}`)).body;
    expect(thread.total).toBe(3);
    const answer = thread.entry![2]!.resource;
    expect(answer).toMatchObject({
      sender: { reference: `Practitioner/${expert.expertId}` },
      recipient: [{ reference: `Patient/${patientId}` }],
      payload: [{ contentString: 'Lepää.' }],
    });
    expect(entryIds(thread).slice(0, 2)).toEqual([text, file]);

    const sentAt = read.sent as string;
    expect(entryIds((await fhir(`Communication?patient=Patient/${patientId}&sent=ge${sentAt}&_count=2`)).body)).toEqual([text, file]);
    expect((await fhir(`Communication?subject=Patient/${patientId}&sent=lt${sentAt}`)).body.total).toBe(0);
    expect((await fhir(`Communication?_id=${text}&_lastUpdated=gt${sentAt}`)).body.total).toBe(0);
    expect((await fhir(`Communication?part-of:identifier=${sent.conversationId}`)).body.total).toBe(3);
    const otherSystem = await fhir(`Communication?part-of:identifier=urn:other|${sent.conversationId}`);
    expect([otherSystem.status, otherSystem.body.issue![0]!.code]).toEqual([400, 'not-supported']);

    // One audit row per message read, naming the patient; another organisation's client finds none of them.
    const since = await lastAuditId();
    await fhir(`Communication/${file}`);
    expect(await readsSince(since, 'conversationMessage')).toEqual([
      expect.objectContaining({ objectId: file, patientId, organisationId: espoo, actorId: clientId, actorRole: 'apiClient' }),
    ]);
    const elsewhere = await fhir(`Communication/${text}`, otherToken);
    expect([elsewhere.status, elsewhere.body.issue![0]!.code]).toEqual([404, 'not-found']);
    expect((await fhir(`Communication?part-of:identifier=${sent.conversationId}`, otherToken)).body.total).toBe(0);
  });

  test('fhir-kit-client searches a conversation by POST', async () => {
    const { categoryId, subcategoryId } = await subcategoryWith(t.database.db, espoo, []);
    const sent = await okData<SentMessages>(
      postForm(patient, '/api/patient/async-messaging/request-conversation', messageForm({ categoryId, subcategoryId, text: 'Yskää' })),
    );
    const kit = new Client({ baseUrl: `${t.baseUrl}/fhir/R4`, bearerToken: token });
    const found = (await kit.search({
      resourceType: 'Communication',
      searchParams: { 'part-of:identifier': `urn:prsp:conversation|${sent.conversationId}` },
      options: { postSearch: true },
    })) as FhirBody;
    expect(entryIds(found)).toEqual(sent.messages.map((m) => m.id));
    // Nobody has answered a request yet: it goes to no one person.
    expect(found.entry![0]!.resource.recipient).toBeUndefined();
  });
});

describe('Encounter: the chat and video visits chat.ended names', () => {
  test('a queue chat left before anyone took it is cancelled', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await chatExpert(t, espoo, queueId);
    const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId }));
    const waiting = (await fhir(`Encounter/${channel.id}`)).body;
    expect(waiting).toMatchObject({
      status: 'arrived',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR' },
      type: [{ coding: [{ system: 'urn:prsp:visit-type', code: 'chat' }] }],
      serviceType: { text: expect.stringMatching(/^Palvelu /) },
      subject: { reference: `Patient/${patientId}` },
    });
    expect(waiting.participant).toBeUndefined();
    await okData(postJson(patient, `/api/chat/channels/${channel.id}/leave`));
    const left = (await fhir(`Encounter/${channel.id}`)).body;
    expect(left).toMatchObject({ status: 'cancelled', period: { start: (waiting.period as { start: string }).start } });
    expect(Number(left.meta!.versionId)).toBeGreaterThan(Number(waiting.meta!.versionId));
    expect(entryIds((await fhir(`Encounter?_id=${channel.id}&status=cancelled`)).body)).toEqual([channel.id]);
    expect((await fhir(`Encounter?_id=${channel.id}&status=finished`)).body.total).toBe(0);
  });

  test("an appointment's chat taken and ended: in progress, then finished, with its expert, appointment and period", async () => {
    const nurse = await chatExpert(t, espoo, (await ownQueue(t, espoo)).queueId);
    const visit = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: nurse.expertId,
      startsAt: new Date(Date.now() - 60_000),
      patients: [{ id: patientId, name: 'Potilas0 Kilpa' }],
    });
    const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { appointmentId: visit.id }));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    const taken = (await fhir(`Encounter/${channel.id}`)).body;
    expect(taken).toMatchObject({
      status: 'in-progress',
      participant: [{ individual: { reference: `Practitioner/${nurse.expertId}` } }],
      appointment: [{ reference: `Appointment/${visit.id}` }],
    });
    expect((taken.period as { end?: string }).end).toBeUndefined();

    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`));
    const since = await lastAuditId();
    const ended = await fhir(`Encounter?appointment=Appointment/${visit.id}&status=finished&patient=Patient/${patientId}`);
    expect(entryIds(ended.body)).toEqual([channel.id]);
    // One audit row for the visit read, naming its patient.
    expect(await readsSince(since, 'chatChannel')).toEqual([
      expect.objectContaining({ objectId: channel.id, patientId, organisationId: espoo, actorId: clientId, actorRole: 'apiClient' }),
    ]);
    const finished = ended.body.entry![0]!.resource;
    const period = finished.period as { start: string; end: string };
    expect(new Date(period.end).getTime()).toBeGreaterThanOrEqual(new Date(period.start).getTime());
    expect(Number(finished.meta!.versionId)).toBeGreaterThan(Number(taken.meta!.versionId));
    expect(
      entryIds((await fhir(`Encounter?_id=${channel.id}&date=ge${period.start}&_lastUpdated=ge${finished.meta!.lastUpdated}`)).body),
    ).toEqual([channel.id]);
    expect((await fhir(`Encounter?_id=${channel.id}&date=gt${period.start}`)).body.total).toBe(0);
    // No message of the chat is served: its content stays in the product.
    expect(JSON.stringify(finished)).not.toMatch(/Potilas0|Kilpa/);

    const elsewhere = await fhir(`Encounter/${channel.id}`, otherToken);
    expect([elsewhere.status, elsewhere.body.issue![0]!.code]).toEqual([404, 'not-found']);
  });
});
