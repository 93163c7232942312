import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, type ChatChannel, type ChatMessage, type SentMessages } from '@prsp/contracts';
import { appointments, auditLog, conversationMessages, conversations, experts, patients, surveyResponses } from '../db/schema';
import { STAFF_REACHED, type DeclaredRoute } from '../platform/access/route-access';
import { bookedAppointment, chatExpert, ownQueue, tinyPdf, uploadFile } from '../modules/chat/chat.steps';
import { fhirClient } from '../modules/fhir/fhir.steps';
import { messageForm, onboardedPatient, PDF, postForm, subcategoryWith } from '../modules/messaging/conversations.steps';
import { okData, postJson } from '../modules/patients/patient.steps';
import { makeResponse, makeTemplate } from '../modules/surveys/survey.steps';
import { TestBrowser } from '../test/http-client';
import { MATTI, SARA } from '../test/person-codes';
import { organisationId, signInStaff, withCsrfCookie } from '../test/staff-accounts';
import { startTestApp, type TestApp } from '../test/test-app';
import { OBJECT_FIXTURES } from './admin-rights-matrix.steps';

/**
 * The proof that every staff read of patient data leaves a row (issue 33 point 5; docs/security.md 'Every read of
 * patient data leaves a row'), from the other side than `patient-reads.int.test.ts`: that walk calls the routes
 * DECLARED as reading; this one calls EVERY GET route a member of staff or an API client can reach, whatever it
 * declares, on one organisation seeded with two patients' appointments, chats, files, messages and survey answers,
 * and looks in each answer for those patients (id, identity code, its birth-date part as masked codes show it,
 * family name). An answer that shows a patient must have written, during that call, an audit row naming that patient
 * and that reader. A route declared `patientData: 'none'` that shows a patient fails it, and so does a new GET route
 * it has no parameters for: give it some in PATHS below.
 */
let t: TestApp;
let espoo: string;
const MINUTE = 60_000;

type Person = { id: string; ssn: string; familyName: string; markers: string[] };
type Reader = { role: string; id: string; fetch: (path: string) => Promise<Response> };

/** Routes whose answers the walk cannot search (with why); they are called and must succeed, and their reads are checked by declaration in patient-reads.int.test.ts. */
const OPAQUE: Record<string, string> = {
  'GET /api/survey-expert/answers_pdf/:responseId': 'a PDF: its text is glyph ids of an embedded font, not searchable',
  'GET /api/expert/chat/channels/:id/summary.pdf': 'a PDF: its text is glyph ids of an embedded font, not searchable',
  'GET /api/expert/async-messaging/:messageId/attachment': 'the attached file itself (here a PDF), its bytes as they were sent',
};

/** Routes that answer no member of staff (with why): called, they must refuse and show nothing. Keep this short. */
const REFUSED: Record<string, string> = {
  'GET /api/chat/channels/:id/feedback-plan': 'the feedback form of the chat’s patient or guest: an expert gives no feedback (403)',
};

/**
 * Routes declared as reading whose answer names none of the patient's identifiers itself (with why): the row is
 * still written (patient-reads.int.test.ts); the walk's check that the seed makes every other declared read show a
 * patient leaves these out.
 */
const NOT_IN_BODY: Record<string, string> = {
  'GET /api/survey-expert/token/:responseId': 'a token that opens the answer in the survey runner, where the reading is logged again',
  'GET /api/ninchat/file': 'a signed link to the chat file, not the file',
  'GET /api/expert/chat/contact-history/:patientId': 'the path names the patient; the body lists times, services and staff',
  'GET /api/expert/chat/channels/:id/note': 'the expert’s own note text of the chat the path names',
};

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
  espoo = await organisationId(t, 'espoo-demo');
});
afterAll(() => t?.close());

const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

async function person(ssn: string, patientId: string): Promise<Person> {
  const [row] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
  // The birth-date part with the century sign (`150375-`): what a masked identity code still shows.
  return { id: patientId, ssn, familyName: row!.familyName, markers: [patientId, ssn, ssn.slice(0, 7), row!.familyName] };
}

async function staffReader(role: 'admin' | 'globalAdmin'): Promise<Reader & { browser: TestBrowser }> {
  const browser = new TestBrowser(t.baseUrl);
  const { userId } = await signInStaff(t, browser, { organisation: espoo, isGlobalAdmin: role === 'globalAdmin' });
  return { role, id: userId, browser, fetch: (p) => browser.fetch(p) };
}

/** Whether an answer's body can be searched as text. */
const isText = (type: string | null) => !type || /json|text|csv|html|xml/.test(type);

describe('every staff GET route that shows a patient has written an audit row naming them', () => {
  test('the walk over all of them', async () => {
    const db = t.database.db;
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const first = await onboardedPatient(t, MATTI, espoo, 'matti.walk@test.example');
    const second = await onboardedPatient(t, SARA, espoo, 'sara.walk@test.example');
    const [matti, sara] = [await person(MATTI, first.patientId), await person(SARA, second.patientId)];
    const [mattiBrowser, saraBrowser] = [withCsrfCookie(first.browser), withCsrfCookie(second.browser)];
    const nurse = await chatExpert(t, espoo, queueId);
    // A shift lead sees the organisation's queue board.
    await db.update(experts).set({ shiftLead: true }).where(eq(experts.id, nurse.expertId));
    const admin = await staffReader('admin');
    const globalAdmin = await staffReader('globalAdmin');
    const expert: Reader = { role: 'expert', id: nurse.userId, fetch: (p) => nurse.browser.fetch(p) };

    // Appointments: a group one about to start and a one-to-one that has ended, both Matti's, with the nurse.
    const group = await bookedAppointment(t, espoo, {
      type: 'group',
      expertId: nurse.expertId,
      startsAt: new Date(Date.now() + 2 * MINUTE),
      patients: [{ id: matti.id, name: 'Matti Korhonen' }],
      guests: [{ name: 'Vieras Kävijä', email: 'vieras-walk@test.example' }],
    });
    // A group video visit: its chat is a video call.
    await db.update(appointments).set({ type: 'group-video' }).where(eq(appointments.id, group.id));
    await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: nurse.expertId,
      queueId,
      startsAt: new Date(Date.now() - 120 * MINUTE),
      patients: [{ id: matti.id, name: 'Matti Korhonen' }],
    });
    // A survey the nurse sent Matti, and its template.
    const { templateId, versionId } = await makeTemplate(db, espoo);
    const responseId = await makeResponse(db, espoo, matti.id, versionId);
    await db.update(surveyResponses).set({ expertId: nurse.expertId }).where(eq(surveyResponses.id, responseId));
    // Matti's conversation with the nurse (with her attachment), and Sara's request in the nurse's subcategory.
    const [direct] = await db
      .insert(conversations)
      .values({
        organisationId: espoo,
        patientId: matti.id,
        createdByPatientId: matti.id,
        kind: 'direct',
        subject: 'Kysymys',
        expertId: nurse.expertId,
      })
      .returning({ id: conversations.id });
    await db.insert(conversationMessages).values({ conversationId: direct!.id, authorPatientId: matti.id, type: 'text', body: 'Hei' });
    const { categoryId, subcategoryId } = await subcategoryWith(db, espoo, [nurse.expertId]);
    const [request] = await db
      .insert(conversations)
      .values({
        organisationId: espoo,
        patientId: sara.id,
        createdByPatientId: sara.id,
        kind: 'request',
        subject: 'Pyyntö',
        categoryId,
        subcategoryId,
      })
      .returning({ id: conversations.id });
    await db.insert(conversationMessages).values({ conversationId: request!.id, authorPatientId: sara.id, type: 'text', body: 'Apua' });
    const sent = await okData<SentMessages>(
      postForm(
        nurse.browser,
        `/api/expert/async-messaging/conversations/${direct!.id}/send-message`,
        messageForm({ text: 'Liite' }, [{ name: 'ohje.pdf', data: PDF }]),
      ),
    );
    const fileMessageId = sent.messages.find((m) => m.type === 'file')!.id;
    // Chats: Matti's first, with a file, taken and ended (history, contact history); his second, taken and open;
    // Sara waiting in the queue.
    const ended = await okData<ChatChannel>(postJson(mattiBrowser, '/api/chat/channels', { serviceId }));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${ended.id}/accept`));
    const fileId = (await okData<ChatMessage>(uploadFile(mattiBrowser, ended.id, { name: 'labra.pdf', bytes: tinyPdf() }))).file!.id;
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${ended.id}/end`));
    const open = await okData<ChatChannel>(postJson(mattiBrowser, '/api/chat/channels', { serviceId }));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${open.id}/accept`));
    await okData(postJson(saraBrowser, '/api/chat/channels', { serviceId }));
    // The group video visit's chat, opened by the nurse and joined by Matti.
    await okData(postJson(nurse.browser, `/api/expert/chat/appointments/${group.id}/open`));
    const video = await okData<ChatChannel>(postJson(mattiBrowser, '/api/chat/channels', { appointmentId: group.id }));
    // Both look a patient up by identity code: their action logs then name the patient.
    await okData(postJson(nurse.browser, '/api/expert/patients/lookup', { ssn: MATTI }));
    await okData(postJson(admin.browser, '/api/admin/patients/lookup', { ssn: MATTI }));
    // An API client of the organisation.
    const client = await fhirClient(t, admin.browser, 'Kävelijä');
    const apiClient: Reader = {
      role: 'apiClient',
      id: client.id,
      fetch: (p) => fetch(`${t.baseUrl}${p}`, { headers: { authorization: `Bearer ${client.token}` } }),
    };
    const fixture = (kind: string) => OBJECT_FIXTURES[kind]!(t, espoo);
    const [chatCodeGroup, messageCodeGroup, serviceFixture] = [
      await fixture('chatCodeGroup'),
      await fixture('messageCodeGroup'),
      await fixture('service'),
    ];
    const day = localDateAt(group.startsAt);

    /** The path each route is called with: its parameters from the seed, and the query it needs to show something. */
    const PATHS: Record<string, string> = {
      '/api/admin/users/:id': `/api/admin/users/${admin.id}`,
      '/api/admin/users/:id/action-log': `/api/admin/users/${admin.id}/action-log`,
      '/api/admin/global-users/:id': `/api/admin/global-users/${nurse.userId}`,
      '/api/admin/global-users/:id/action-log': `/api/admin/global-users/${nurse.userId}/action-log`,
      '/api/admin/experts/:id': `/api/admin/experts/${nurse.expertId}`,
      '/api/admin/organisation/get/:id': `/api/admin/organisation/get/${espoo}`,
      '/api/admin/chat-codes/:groupId/codes': `/api/admin/chat-codes/${chatCodeGroup}/codes`,
      '/api/admin/chat-codes/:groupId/codes.csv': `/api/admin/chat-codes/${chatCodeGroup}/codes.csv`,
      '/api/admin/message-codes/:groupId/codes': `/api/admin/message-codes/${messageCodeGroup}/codes`,
      '/api/admin/message-codes/:groupId/codes.csv': `/api/admin/message-codes/${messageCodeGroup}/codes.csv`,
      '/api/survey-admin/templates/:id': `/api/survey-admin/templates/${templateId}`,
      '/api/survey-expert/token/:responseId': `/api/survey-expert/token/${responseId}`,
      '/api/survey-expert/answers_pdf/:responseId': `/api/survey-expert/answers_pdf/${responseId}`,
      '/api/admin/bookings/list': `/api/admin/bookings/list?from=${day}`,
      '/api/admin/bookings/export.csv': `/api/admin/bookings/export.csv?from=${day}`,
      '/api/admin/bookings/timeslots': `/api/admin/bookings/timeslots?date=${day}`,
      '/api/admin/bookings/:id': `/api/admin/bookings/${group.id}`,
      '/api/admin/bookings/calendar': `/api/admin/bookings/calendar?from=${day}&days=7`,
      '/api/expert/schedule': `/api/expert/schedule?date=${day}`,
      '/api/expert/bookings': `/api/expert/bookings?from=${day}`,
      '/api/expert/appointments/:id': `/api/expert/appointments/${group.id}`,
      '/api/chat/channels/:id': `/api/chat/channels/${open.id}`,
      '/api/chat/channels/:id/messages': `/api/chat/channels/${ended.id}/messages`,
      '/api/ninchat/file': `/api/ninchat/file?id=${fileId}`,
      '/api/chat/channels/:id/feedback-plan': `/api/chat/channels/${ended.id}/feedback-plan`,
      '/api/expert/chat/channels/:id': `/api/expert/chat/channels/${open.id}`,
      '/api/expert/chat/channels/:id/identity-code': `/api/expert/chat/channels/${open.id}/identity-code`,
      '/api/expert/chat/channels/:id/transcript': `/api/expert/chat/channels/${ended.id}/transcript`,
      '/api/expert/chat/contact-history/:patientId': `/api/expert/chat/contact-history/${matti.id}`,
      '/api/expert/chat/channels/:id/note': `/api/expert/chat/channels/${ended.id}/note`,
      '/api/expert/chat/channels/:id/summary.pdf': `/api/expert/chat/channels/${ended.id}/summary.pdf`,
      '/api/expert/chat/channels/:id/summary.txt': `/api/expert/chat/channels/${ended.id}/summary.txt`,
      '/api/video/channels/:id/session': `/api/video/channels/${video.id}/session`,
      '/api/admin/async-messaging/categories/:id/subcategories': `/api/admin/async-messaging/categories/${categoryId}/subcategories`,
      '/api/admin/async-messaging/subcategories/:id': `/api/admin/async-messaging/subcategories/${subcategoryId}`,
      '/api/expert/async-messaging/subcategories/:id': `/api/expert/async-messaging/subcategories/${subcategoryId}`,
      '/api/expert/async-messaging/categories/:id/requests': `/api/expert/async-messaging/categories/${categoryId}/requests`,
      '/api/expert/async-messaging/conversations/:id/messages': `/api/expert/async-messaging/conversations/${direct!.id}/messages`,
      '/api/expert/async-messaging/subcategories/:subId/messages/:id': `/api/expert/async-messaging/subcategories/${subcategoryId}/messages/${request!.id}`,
      '/api/expert/async-messaging/:messageId/attachment': `/api/expert/async-messaging/${fileMessageId}/attachment`,
      '/api/admin/services/:id': `/api/admin/services/${serviceFixture}`,
      '/fhir/R4/:type': `/fhir/R4/Patient?_id=${matti.id}`,
      '/fhir/R4/:type/:id': `/fhir/R4/Patient/${matti.id}`,
    };

    const readerOf = (route: DeclaredRoute): Reader => {
      switch (route.access.kind) {
        case 'expert':
        case 'chatMember':
        case 'staff':
          return expert;
        case 'globalAdmin':
          return globalAdmin;
        case 'apiClient':
          return apiClient;
        default:
          return admin;
      }
    };

    const routes = t.app.declaredRoutes.filter((r) => r.method === 'GET' && STAFF_REACHED.has(r.access.kind));
    const failed: string[] = [];
    const unlogged: string[] = [];
    const shown = new Set<string>();
    // Twice: the second pass also sees what the first one's reads left behind (action logs, audit searches).
    for (const route of [...routes, ...routes]) {
      const name = `GET ${route.path}`;
      const path = PATHS[route.path] ?? route.path;
      if (path.includes('/:')) {
        failed.push(`${name}: no parameters in PATHS`);
        continue;
      }
      const reader = readerOf(route);
      const since = await lastAuditId();
      const res = await reader.fetch(path);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (name in REFUSED) {
        if (res.status !== 403 && res.status !== 404) failed.push(`${name}: listed as refusing staff, answered ${res.status}`);
        continue;
      }
      if (res.status >= 300) {
        failed.push(`${name}: ${res.status} ${bytes.toString('utf8').slice(0, 200)}`);
        continue;
      }
      if (!isText(res.headers.get('content-type'))) {
        if (!(name in OPAQUE)) failed.push(`${name}: answers ${res.headers.get('content-type')}, which the walk cannot search`);
        continue;
      }
      const body = bytes.toString('utf8');
      for (const p of [matti, sara]) {
        const marker = p.markers.find((m) => body.includes(m));
        if (!marker) continue;
        shown.add(name);
        const rows = await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(gt(auditLog.id, since), eq(auditLog.patientId, p.id), eq(auditLog.actorId, reader.id)));
        if (rows.length === 0)
          unlogged.push(`${name} (${JSON.stringify(route.access.patientData)}) shows ${p.familyName} (${marker}) as ${reader.role}`);
      }
    }
    expect([...new Set(failed)]).toEqual([]);
    expect([...new Set(unlogged)]).toEqual([]);
    // The seed is rich enough that the routes declared as reading do show the patients.
    const declaredReads = routes
      .filter((r) => r.access.patientData && r.access.patientData !== 'none')
      .map((r) => `GET ${r.path}`)
      .filter((n) => !(n in OPAQUE) && !(n in NOT_IN_BODY));
    expect(declaredReads.filter((n) => !shown.has(n))).toEqual([]);
  });
});
