import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, type ChatChannel, type ChatMessage, type SentMessages } from '@prsp/contracts';
import { auditLog, conversationMessages, conversations, surveyResponses } from '../db/schema';
import { bookedAppointment, chatExpert, ownQueue, tinyPdf, uploadFile } from '../modules/chat/chat.steps';
import { messageForm, onboardedPatient, PDF, postForm, subcategoryWith } from '../modules/messaging/conversations.steps';
import { okData, postJson } from '../modules/patients/patient.steps';
import { fhirClient } from '../modules/fhir/fhir.steps';
import { makeResponse, makeTemplate } from '../modules/surveys/survey.steps';
import type { TestBrowser } from '../test/http-client';
import { AINO, MATTI, SARA } from '../test/person-codes';
import { organisationId, staffBrowser, withCsrfCookie } from '../test/staff-accounts';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Every read of patient data leaves a row (docs/security.md): every route declared as reading patient data is called
 * here as the member of staff (or API client) who uses it, and each call must have written, before it answered,
 * rows of its declared action naming the reader, their role, the organisation and a patient of the answer. A route
 * declared so without a call here fails the walk, so a new one cannot go unwalked.
 */
let t: TestApp;
let espoo: string;
const MINUTE = 60_000;

type Reader = {
  name: string;
  role: 'expert' | 'admin' | 'globalAdmin' | 'apiClient';
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
};
type Call = {
  reader: Reader;
  path: string | (() => string);
  method?: 'GET' | 'POST';
  body?: unknown;
  form?: () => FormData | URLSearchParams;
};

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
  espoo = await organisationId(t, 'espoo-demo');
});
afterAll(() => t?.close());

const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

async function call(c: Call): Promise<Response> {
  const path = typeof c.path === 'function' ? c.path() : c.path;
  if (c.form) return c.reader.fetch(path, { method: 'POST', body: c.form() });
  if (c.method === 'POST')
    return c.reader.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.body ?? {}) });
  return c.reader.fetch(path);
}

const asBrowser = (name: string, role: Reader['role'], browser: TestBrowser): Reader => ({
  name,
  role,
  fetch: (p, i) => browser.fetch(p, i),
});

describe('every route that reads patient data writes its audit rows before it answers', () => {
  test('the walk: each declared route, called as its users call it, leaves rows naming reader, role, organisation and patient', async () => {
    const db = t.database.db;
    const { queueId, serviceId } = await ownQueue(t, espoo);
    // Signed in through the identity provider, as the booking and the survey's PDF need their identity codes.
    const first = await onboardedPatient(t, MATTI, espoo);
    const second = await onboardedPatient(t, SARA, espoo);
    const [patient, other] = [withCsrfCookie(first.browser), withCsrfCookie(second.browser)];
    const patientIds = [first.patientId, second.patientId];
    const nurse = await chatExpert(t, espoo, queueId);
    const expert = asBrowser('expert', 'expert', nurse.browser);
    const adminBrowser = await staffBrowser(t, { organisation: espoo });
    const admin = asBrowser('admin', 'admin', adminBrowser);
    // A global admin reads any user's action log; the organisation admin their own (after their lookup, below).
    const globalAdmin = asBrowser('global admin', 'globalAdmin', await staffBrowser(t, { organisation: espoo, isGlobalAdmin: true }));
    let adminId = '';

    // The expert's calendar: a group appointment about to start with the patient in it, and one that has ended.
    const group = await bookedAppointment(t, espoo, {
      type: 'group',
      expertId: nurse.expertId,
      startsAt: new Date(Date.now() + 2 * MINUTE),
      patients: [{ id: patientIds[0]!, name: 'Potilas Yksi' }],
      guests: [{ name: 'Vieras Yksi', email: 'vieras-reads@test.example' }],
    });
    const guestId = group.participants.guests[0]!;
    const past = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: nurse.expertId,
      queueId,
      startsAt: new Date(Date.now() - 120 * MINUTE),
      patients: [{ id: patientIds[0]!, name: 'Potilas Yksi' }],
    });
    // A survey the expert sent the patient.
    const { versionId } = await makeTemplate(db, espoo);
    const responseId = await makeResponse(db, espoo, patientIds[0]!, versionId);
    await db.update(surveyResponses).set({ expertId: nurse.expertId }).where(eq(surveyResponses.id, responseId));
    // The expert's direct conversation with the patient, and a request waiting in a subcategory of theirs.
    const [direct] = await db
      .insert(conversations)
      .values({
        organisationId: espoo,
        patientId: patientIds[0]!,
        createdByPatientId: patientIds[0]!,
        kind: 'direct',
        subject: 'Kysymys',
        expertId: nurse.expertId,
      })
      .returning({ id: conversations.id });
    await db
      .insert(conversationMessages)
      .values({ conversationId: direct!.id, authorPatientId: patientIds[0]!, type: 'text', body: 'Hei' });
    const { categoryId, subcategoryId } = await subcategoryWith(db, espoo, [nurse.expertId]);
    const [request] = await db
      .insert(conversations)
      .values({
        organisationId: espoo,
        patientId: patientIds[1]!,
        createdByPatientId: patientIds[1]!,
        kind: 'request',
        subject: 'Pyyntö',
        categoryId,
        subcategoryId,
      })
      .returning({ id: conversations.id });
    await db
      .insert(conversationMessages)
      .values({ conversationId: request!.id, authorPatientId: patientIds[1]!, type: 'text', body: 'Apua' });
    const attached = await okData<SentMessages>(
      postForm(
        nurse.browser,
        `/api/expert/async-messaging/conversations/${direct!.id}/send-message`,
        messageForm({ text: 'Liite' }, [{ name: 'ohje.pdf', data: PDF }]),
      ),
    );
    const fileMessageId = attached.messages.find((m) => m.type === 'file')!.id;
    // An API client of the organisation, with its access token.
    const { token: accessToken } = await fhirClient(t, adminBrowser, 'Lukija');
    const apiClient: Reader = {
      name: 'API client',
      role: 'apiClient',
      fetch: (p, i) => fetch(`${t.baseUrl}${p}`, { ...i, headers: { authorization: `Bearer ${accessToken}` } }),
    };

    // The chats: the patient waits in the expert's queue and sends a file once taken; the other patient waits next.
    let waiting: ChatChannel | undefined;
    let groupChannel: ChatChannel | undefined;
    let fileId = '';
    const day = localDateAt(group.startsAt);
    const adminBody = () => ({
      kind: 'oneOnOne',
      expertId: nurse.expertId,
      date: localDateAt(new Date(Date.now() + 3 * 86_400_000)),
      startTime: '10:00',
      durationMinutes: 30,
      sendConfirmation: false,
      patient: { ssn: AINO, firstName: 'Aino', lastName: 'Testi', email: 'aino@test.example', language: 'fi', nationality: 'FI' },
    });
    let booked = '';

    /** Each route read as its users call it, in an order that makes the next one's object (before: what it needs first). */
    const walk: [string, Call & { before?: () => Promise<void> }][] = [
      ['GET /api/expert/schedule', { reader: expert, path: `/api/expert/schedule?date=${day}` }],
      ['GET /api/expert/bookings', { reader: expert, path: `/api/expert/bookings?from=${day}` }],
      ['GET /api/expert/appointment-history', { reader: expert, path: '/api/expert/appointment-history' }],
      ['GET /api/expert/appointments/:id', { reader: expert, path: `/api/expert/appointments/${group.id}` }],
      [
        'POST /api/expert/appointments/:id/no-show',
        { reader: expert, path: `/api/expert/appointments/${past.id}/no-show`, method: 'POST' },
      ],
      ['POST /api/admin/bookings/:id/no-show', { reader: admin, path: `/api/admin/bookings/${past.id}/no-show`, method: 'POST' }],
      [
        'POST /api/expert/appointments/:id/guests/:participantId/new-pin',
        { reader: expert, path: `/api/expert/appointments/${group.id}/guests/${guestId}/new-pin`, method: 'POST' },
      ],
      [
        'POST /api/admin/bookings/:id/guests/:participantId/new-pin',
        { reader: admin, path: `/api/admin/bookings/${group.id}/guests/${guestId}/new-pin`, method: 'POST' },
      ],
      ['GET /api/admin/bookings/list', { reader: admin, path: `/api/admin/bookings/list?from=${day}` }],
      ['GET /api/admin/bookings/calendar', { reader: admin, path: `/api/admin/bookings/calendar?from=${day}&days=1` }],
      ['GET /api/admin/bookings/export.csv', { reader: admin, path: `/api/admin/bookings/export.csv?from=${day}` }],
      ['GET /api/admin/bookings/:id', { reader: admin, path: `/api/admin/bookings/${group.id}` }],
      [
        'POST /api/admin/bookings/create',
        {
          reader: admin,
          path: '/api/admin/bookings/create',
          method: 'POST',
          body: adminBody(),
        },
      ],
      [
        'POST /api/admin/bookings/:id/update',
        { reader: admin, path: () => `/api/admin/bookings/${booked}/update`, method: 'POST', body: adminBody() },
      ],
      [
        'POST /api/admin/bookings/:id/move',
        {
          reader: admin,
          path: () => `/api/admin/bookings/${booked}/move`,
          method: 'POST',
          body: { expertId: nurse.expertId, date: adminBody().date, startTime: '12:00' },
        },
      ],
      ['POST /api/admin/bookings/:id/cancel', { reader: admin, path: () => `/api/admin/bookings/${booked}/cancel`, method: 'POST' }],
      [
        'POST /api/admin/bookings/bulk/preview',
        {
          reader: admin,
          path: '/api/admin/bookings/bulk/preview',
          method: 'POST',
          body: { selection: { by: 'ids', ids: [group.id] }, action: { kind: 'cancel', message: 'Peruttu' } },
        },
      ],
      [
        'GET /api/expert/chat/queues',
        {
          reader: expert,
          path: '/api/expert/chat/queues',
          before: async () => {
            waiting = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { serviceId }));
          },
        },
      ],
      [
        'POST /api/expert/chat/channels/:id/accept',
        { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/accept`, method: 'POST' },
      ],
      ['GET /api/expert/chat/channels', { reader: expert, path: '/api/expert/chat/channels' }],
      ['GET /api/expert/chat/channels/:id', { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}` }],
      [
        'GET /api/expert/chat/channels/:id/identity-code',
        { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/identity-code` },
      ],
      ['GET /api/chat/channels/:id', { reader: expert, path: () => `/api/chat/channels/${waiting!.id}` }],
      [
        'GET /api/chat/channels/:id/messages',
        {
          reader: expert,
          path: () => `/api/chat/channels/${waiting!.id}/messages`,
          before: async () => {
            fileId = (await okData<ChatMessage>(uploadFile(patient!, waiting!.id, { name: 'labra.pdf', bytes: tinyPdf() }))).file!.id;
          },
        },
      ],
      ['GET /api/ninchat/file', { reader: expert, path: () => `/api/ninchat/file?id=${fileId}` }],
      [
        'GET /api/expert/chat/channels/:id/transcript',
        { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/transcript` },
      ],
      ['GET /api/expert/chat/channels/:id/note', { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/note` }],
      [
        'GET /api/expert/chat/channels/:id/summary.txt',
        { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/summary.txt` },
      ],
      [
        'GET /api/expert/chat/channels/:id/summary.pdf',
        { reader: expert, path: () => `/api/expert/chat/channels/${waiting!.id}/summary.pdf?identityCode=full` },
      ],
      [
        'GET /api/expert/chat/contact-history/:patientId',
        {
          reader: expert,
          path: `/api/expert/chat/contact-history/${patientIds[0]}`,
          before: async () => {
            await okData(postJson(nurse.browser, `/api/expert/chat/channels/${waiting!.id}/end`));
          },
        },
      ],
      // The walk-in chat just ended is in the expert's own history.
      ['GET /api/expert/chat/history', { reader: expert, path: '/api/expert/chat/history' }],
      [
        'POST /api/expert/chat/queues/:queueId/accept',
        {
          reader: expert,
          path: `/api/expert/chat/queues/${queueId}/accept`,
          method: 'POST',
          before: async () => {
            await okData(postJson(other!, '/api/chat/channels', { serviceId }));
          },
        },
      ],
      [
        'POST /api/expert/chat/appointments/:id/open',
        { reader: expert, path: `/api/expert/chat/appointments/${group.id}/open`, method: 'POST' },
      ],
      [
        'POST /api/expert/chat/channels/:id/invite',
        {
          reader: expert,
          path: () => `/api/expert/chat/channels/${groupChannel!.id}/invite`,
          method: 'POST',
          body: { kind: 'guest', name: 'Vieras', email: 'vieras@test.example', language: 'fi' },
          before: async () => {
            groupChannel = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { appointmentId: group.id }));
          },
        },
      ],
      ['POST /api/chat/channels/:id/leave', { reader: expert, path: () => `/api/chat/channels/${groupChannel!.id}/leave`, method: 'POST' }],
      ['GET /api/expert/async-messaging/conversations', { reader: expert, path: '/api/expert/async-messaging/conversations' }],
      [
        'GET /api/expert/async-messaging/conversations/:id/messages',
        { reader: expert, path: `/api/expert/async-messaging/conversations/${direct!.id}/messages` },
      ],
      [
        'GET /api/expert/async-messaging/:messageId/attachment',
        { reader: expert, path: `/api/expert/async-messaging/${fileMessageId}/attachment` },
      ],
      [
        'GET /api/expert/async-messaging/categories/:id/requests',
        { reader: expert, path: `/api/expert/async-messaging/categories/${categoryId}/requests` },
      ],
      [
        'GET /api/expert/async-messaging/subcategories/:subId/messages/:id',
        { reader: expert, path: `/api/expert/async-messaging/subcategories/${subcategoryId}/messages/${request!.id}` },
      ],
      ['GET /api/survey-expert/surveys', { reader: expert, path: '/api/survey-expert/surveys' }],
      ['GET /api/survey-expert/token/:responseId', { reader: expert, path: `/api/survey-expert/token/${responseId}` }],
      ['GET /api/survey-expert/answers_pdf/:responseId', { reader: expert, path: `/api/survey-expert/answers_pdf/${responseId}` }],
      ['GET /fhir/R4/:type', { reader: apiClient, path: `/fhir/R4/Patient?_id=${patientIds[0]}` }],
      ['GET /fhir/R4/:type/:id', { reader: apiClient, path: `/fhir/R4/Appointment/${group.id}` }],
      [
        'POST /fhir/R4/:type/_search',
        { reader: apiClient, path: '/fhir/R4/Patient/_search', form: () => new URLSearchParams({ _id: patientIds[0]! }) },
      ],
      ['POST /api/admin/patients/lookup', { reader: admin, path: '/api/admin/patients/lookup', method: 'POST', body: { ssn: MATTI } }],
      ['POST /api/expert/patients/lookup', { reader: expert, path: '/api/expert/patients/lookup', method: 'POST', body: { ssn: SARA } }],
      // The admins' search of the audit log, by the patient whose reads the walk has just left there.
      ['POST /api/admin/audit-log/search', { reader: admin, path: '/api/admin/audit-log/search', method: 'POST', body: { ssn: MATTI } }],
      ['POST /api/admin/audit-log/export', { reader: admin, path: '/api/admin/audit-log/export', method: 'POST', body: { ssn: MATTI } }],
      // A user's action log names the patients they looked up by identity code (the admin and the expert, above).
      [
        'GET /api/admin/users/:id/action-log',
        {
          reader: admin,
          path: () => `/api/admin/users/${adminId}/action-log`,
          before: async () => {
            adminId = (await okData<{ id: string }>(adminBrowser.fetch('/api/sso/user_data'))).id;
          },
        },
      ],
      ['GET /api/admin/global-users/:id/action-log', { reader: globalAdmin, path: `/api/admin/global-users/${nurse.userId}/action-log` }],
    ];

    // The walk covers exactly the routes declared as reading patient data.
    const declared = t.app.declaredRoutes.filter((r) => r.access.patientData && r.access.patientData !== 'none');
    expect(walk.map(([route]) => route).sort()).toEqual(declared.map((r) => `${r.method} ${r.path}`).sort());

    const missing: string[] = [];
    for (const [route, c] of walk) {
      await c.before?.();
      const since = await lastAuditId();
      const res = await call(c);
      expect(res.status, `${route}: ${res.status} ${res.status >= 300 ? await res.text() : ''}`).toBeLessThan(300);
      if (route === 'POST /api/admin/bookings/create') booked = ((await res.json()) as { data: { id: string } }).data.id;
      else await res.arrayBuffer();
      const audit = declared.find((r) => `${r.method} ${r.path}` === route)!.access.patientData as { audit: string };
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(gt(auditLog.id, since), eq(auditLog.action, audit.audit)));
      const named = rows.filter((r) => r.actorRole === c.reader.role && r.actorId && r.organisationId === espoo && r.patientId);
      if (named.length === 0) missing.push(`${route} (${audit.audit}): ${JSON.stringify(rows)}`);
      // Whose data: the walk's patients, or the patient the admin booked (by identity code).
      for (const row of named)
        if (route !== 'POST /api/admin/bookings/create' && !route.startsWith('POST /api/admin/bookings/:id'))
          expect(patientIds).toContain(row.patientId);
    }
    expect(missing).toEqual([]);
  });
});
