import { and, eq, gt, max } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { API_CLIENT_SCOPES } from '@prsp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentParticipants,
  appointments,
  auditLog,
  chatChannels,
  conversationMessages,
  conversations,
  patients,
  surveyResponses,
  termsAcceptances,
} from '../../db/schema';
import { apiTokenKey, issueApiAccessToken } from '../../platform/access/api-client-access';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
/** Identity codes of no seeded person (the seed has the test provider's). */
const AINO = '020304A123B';
const MATTI = '050607-765C';
import { postJson, startStaffTestApp, staffBrowser } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, openSlots } from '../booking/booking.steps';
import { makeTemplate } from '../surveys/survey.steps';
import { expectValidFhir } from './fhir-schema.steps';
import { SEARCH_PARAMS } from './fhir.service';

let t: TestApp;
let espoo: string;
let kaarina: string;
type Ids =
  | 'expert'
  | 'otherExpert'
  | 'patient'
  | 'otherPatient'
  | 'slotNov'
  | 'slotDec'
  | 'otherSlot'
  | 'appointment'
  | 'otherAppointment'
  | 'response'
  | 'message'
  | 'otherMessage'
  | 'channel'
  | 'otherChannel';
const ids = {} as Record<Ids, string>;
let client: { id: string; clientId: string; secret: string };
let token: string;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function createClient(organisation: string, name: string) {
  const admin = await staffBrowser(t, { organisation });
  // Every scope: this file reads every type (fhir-scopes.int.test.ts tests narrower grants).
  const res = await postJson(admin, '/api/admin/api-clients', { name, scopes: API_CLIENT_SCOPES });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { client: { id: string; clientId: string }; clientSecret: string } };
  return { id: data.client.id, clientId: data.client.clientId, secret: data.clientSecret };
}

async function tokenFor(c: { clientId: string; secret: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/fhir/oauth2/token',
    headers: FORM,
    payload: form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** A FHIR read or search with the token; asserts the media type, and validates the answer against the R4 schema. */
async function fhir(path: string, bearer = token) {
  const res = await t.app.inject({ method: 'GET', url: `/fhir/R4/${path}`, headers: { authorization: `Bearer ${bearer}` } });
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const body = res.json<Record<string, unknown> & { entry?: { resource: Record<string, unknown> }[]; total?: number }>();
  expectValidFhir(body);
  return { status: res.statusCode, body, headers: res.headers };
}
type Found = Awaited<ReturnType<typeof fhir>>['body'];
type Link = { relation: string; url: string };
const linkOf = (body: Found, relation: string) => (body.link as Link[] | undefined)?.find((l) => l.relation === relation)?.url;

/** A search by POST: `form` as an application/x-www-form-urlencoded body, `query` (if any) in the URL besides. */
async function fhirPost(type: string, form: [string, string][], query = '', bearer = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/fhir/R4/${type}/_search${query}`,
    headers: { ...FORM, authorization: `Bearer ${bearer}` },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const body = res.json<Found>();
  expectValidFhir(body);
  return { status: res.statusCode, body, headers: res.headers };
}
/** A FHIR answer's URL (a Bundle's link) as a path of the test app. */
const pathOf = (url: string) => url.slice(url.indexOf('/fhir/R4/') + '/fhir/R4/'.length);
/** The OperationOutcome's status and first issue code of an injected answer, checked to be valid FHIR JSON. */
function outcomeOf(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const body = res.json() as { resourceType: string; issue: { code: string }[] };
  expectValidFhir(body);
  return [res.statusCode, body.resourceType, body.issue[0]!.code];
}
const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

const entryIds = (body: { entry?: { resource: Record<string, unknown> }[] }) => (body.entry ?? []).map((e) => e.resource.id);

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const db = t.database.db;
  const cipher = createFieldCipher(t.config.dataKey);
  const expert = await bookingExpert(t, espoo, 'nurse');
  const other = await bookingExpert(t, kaarina, 'doctor');
  Object.assign(ids, { expert: expert.id, otherExpert: other.id });
  const [patient, otherPatient] = await db
    .insert(patients)
    .values([
      { ssnHash: cipher.keyedHash(AINO), ssnEncrypted: cipher.encrypt(AINO), givenName: 'Aino Maria', familyName: 'Fhirtesti' },
      { ssnHash: cipher.keyedHash(MATTI), ssnEncrypted: cipher.encrypt(MATTI), givenName: 'Matti', familyName: 'Muualla' },
    ])
    .returning({ id: patients.id });
  ids.patient = patient!.id;
  ids.otherPatient = otherPatient!.id;
  await db.insert(termsAcceptances).values({ patientId: otherPatient!.id, organisationId: kaarina });
  const nov = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour));
  const [slotNov, slotDec] = await openSlots(t, espoo, expert.id, [nov(10, 8), new Date(Date.UTC(2026, 11, 2, 8))]);
  const [otherSlot] = await openSlots(t, kaarina, other.id, [nov(10, 8)]);
  Object.assign(ids, { slotNov, slotDec, otherSlot });
  const [booked, otherBooked] = await db
    .insert(appointments)
    .values([
      {
        organisationId: espoo,
        expertId: expert.id,
        name: 'Vastaanotto',
        startsAt: nov(12, 9),
        endsAt: nov(12, 10),
        type: 'oneOnOne',
        status: 'selfBooked',
        bookedAt: new Date(),
        preQuestionnaire: [],
      },
      {
        organisationId: kaarina,
        expertId: other.id,
        name: 'Muu',
        startsAt: nov(12, 9),
        endsAt: nov(12, 10),
        type: 'oneOnOne',
        status: 'cancelled',
      },
    ])
    .returning({ id: appointments.id });
  ids.appointment = booked!.id;
  ids.otherAppointment = otherBooked!.id;
  await db.insert(appointmentParticipants).values([
    { appointmentId: booked!.id, role: 'patient', patientId: patient!.id, name: 'Aino Fhirtesti', language: 'fi' },
    { appointmentId: otherBooked!.id, role: 'patient', patientId: otherPatient!.id, name: 'Matti Muualla', language: 'fi' },
  ]);
  const { versionId } = await makeTemplate(db, espoo);
  const [response] = await db
    .insert(surveyResponses)
    .values({
      organisationId: espoo,
      patientId: patient!.id,
      templateVersionId: versionId,
      surveyName: { fi: 'K', se: 'K', en: 'K' },
      answers: { pain: 'yes', where: 'polvi', mood: 7 },
      language: 'fi',
      respondedAt: nov(11, 12),
    })
    .returning({ id: surveyResponses.id });
  ids.response = response!.id;
  // A secure message and a chat of each organisation: Communication and Encounter (fhir-contacts.int.test.ts makes
  // them through the product's routes).
  const [conversation, otherConversation] = await db
    .insert(conversations)
    .values([
      { organisationId: espoo, patientId: patient!.id, kind: 'direct', expertId: expert.id, subject: 'Tulokset' },
      { organisationId: kaarina, patientId: otherPatient!.id, kind: 'direct', expertId: other.id },
    ])
    .returning({ id: conversations.id });
  const [message, otherMessage] = await db
    .insert(conversationMessages)
    .values([
      { conversationId: conversation!.id, authorExpertId: expert.id, type: 'text', body: 'Tulokset ovat hyvät.', createdAt: nov(11, 9) },
      { conversationId: otherConversation!.id, authorExpertId: other.id, type: 'text', body: 'Muualla', createdAt: nov(11, 9) },
    ])
    .returning({ id: conversationMessages.id });
  const [channel, otherChannel] = await db
    .insert(chatChannels)
    .values([
      {
        organisationId: espoo,
        kind: 'appointment',
        status: 'ended',
        appointmentId: booked!.id,
        patientId: patient!.id,
        expertId: expert.id,
        createdAt: nov(12, 9),
        acceptedAt: nov(12, 9),
        endedAt: nov(12, 10),
      },
      { organisationId: kaarina, kind: 'queue', status: 'waiting', patientId: otherPatient!.id, createdAt: nov(12, 9) },
    ])
    .returning({ id: chatChannels.id });
  Object.assign(ids, { message: message!.id, otherMessage: otherMessage!.id, channel: channel!.id, otherChannel: otherChannel!.id });
  client = await createClient('espoo-demo', 'Potilastietojärjestelmä');
  token = await tokenFor(client);
});
afterAll(() => t?.close());

describe('API clients (admin)', () => {
  it('lists the organisation’s clients without their secrets, and audits the create', async () => {
    const admin = await staffBrowser(t, { organisation: 'espoo-demo' });
    const list = (await (await admin.fetch('/api/admin/api-clients')).json()) as { data: Record<string, unknown>[] };
    const mine = list.data.find((c) => c.id === client.id)!;
    expect(mine).toMatchObject({ name: 'Potilastietojärjestelmä', clientId: client.clientId, revokedAt: null });
    expect(typeof mine.lastUsedAt).toBe('string');
    expect(JSON.stringify(list)).not.toContain(client.secret);
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const theirs = (await (await kaarinaAdmin.fetch('/api/admin/api-clients')).json()) as { data: { id: string }[] };
    expect(theirs.data.map((c) => c.id)).not.toContain(client.id);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apiClient.create'), eq(auditLog.objectId, client.id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a view-only admin’s create and another organisation’s revoke', async () => {
    const viewer = await staffBrowser(t, { organisation: 'espoo-demo', preset: 'operationalAdmin' });
    expect((await viewer.fetch('/api/admin/api-clients')).status).toBe(200);
    expect((await postJson(viewer, '/api/admin/api-clients', { name: 'x', scopes: API_CLIENT_SCOPES })).status).toBe(403);
    const booker = await staffBrowser(t, { organisation: 'espoo-demo', preset: 'booker' });
    expect((await booker.fetch('/api/admin/api-clients')).status).toBe(403);
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    expect((await postJson(kaarinaAdmin, `/api/admin/api-clients/${client.id}/revoke`)).status).toBe(404);
    expect((await postJson(kaarinaAdmin, '/api/admin/api-clients', { name: ' ', scopes: API_CLIENT_SCOPES })).status).toBe(400);
  });
});

describe('OAuth client credentials', () => {
  it('issues a 15-minute bearer token for client_secret_basic and client_secret_post', async () => {
    const basic = Buffer.from(`${client.clientId}:${client.secret}`).toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/fhir/oauth2/token',
      headers: { ...FORM, authorization: `Basic ${basic}` },
      payload: form({ grant_type: 'client_credentials' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await fhir('Practitioner', res.json<{ access_token: string }>().access_token)).status).toBe(200);
  });

  it('answers RFC 6749 §5.2 errors', async () => {
    const post = (payload: Record<string, string>, headers: Record<string, string> = FORM) =>
      t.app.inject({
        method: 'POST',
        url: '/fhir/oauth2/token',
        headers,
        payload: headers === FORM ? form(payload) : JSON.stringify(payload),
      });
    const bad = await post({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong-secret' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toContain('Basic');
    expect(bad.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await post({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: client.secret });
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await post({ grant_type: 'password', client_id: client.clientId, client_secret: client.secret });
    expect([grant.statusCode, grant.json().error]).toEqual([400, 'unsupported_grant_type']);
    const missing = await post({ client_id: client.clientId, client_secret: client.secret });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
    const json = await post({ grant_type: 'client_credentials' }, { 'content-type': 'application/json' });
    expect([json.statusCode, json.json().error]).toEqual([400, 'invalid_request']);
  });

  it('refuses missing, forged and expired tokens with an OperationOutcome and WWW-Authenticate', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/fhir/R4/Patient' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
    expectValidFhir(none.json());
    const forged = await issueApiAccessToken(apiTokenKey('another-secret-another-secret-0000'), client.clientId);
    expect((await fhir('Patient', forged)).status).toBe(401);
    const expired = await issueApiAccessToken(apiTokenKey(t.config.dataKey), client.clientId, new Date(Date.now() - 16 * 60_000));
    expect((await fhir('Patient', expired)).status).toBe(401);
  });

  it('refuses a revoked client’s live token at once, and any new token', async () => {
    const doomed = await createClient('espoo-demo', 'Vanha');
    const live = await tokenFor(doomed);
    expect((await fhir('Practitioner', live)).status).toBe(200);
    const admin = await staffBrowser(t, { organisation: 'espoo-demo' });
    const revoked = await postJson(admin, `/api/admin/api-clients/${doomed.id}/revoke`);
    expect(((await revoked.json()) as { data: { revokedAt: string | null } }).data.revokedAt).not.toBeNull();
    expect((await fhir('Practitioner', live)).status).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/fhir/oauth2/token',
      headers: FORM,
      payload: form({ grant_type: 'client_credentials', client_id: doomed.clientId, client_secret: doomed.secret }),
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('FHIR R4 resources', () => {
  it('publishes a CapabilityStatement without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    expect(res.statusCode).toBe(200);
    expectValidFhir(res.json());
    expect(res.json()).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('reads and searches Appointments by date, patient and practitioner', async () => {
    const read = await fhir(`Appointment/${ids.appointment}`);
    expect(read.body).toMatchObject({
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-11-12T09:00:00.000Z',
      participant: [{ actor: { reference: `Practitioner/${ids.expert}` } }, { actor: { reference: `Patient/${ids.patient}` } }],
    });
    expect(JSON.stringify(read.body)).not.toContain('preQuestionnaire');
    const november = await fhir('Appointment?date=ge2026-11-01&date=lt2026-12-01');
    expect(entryIds(november.body)).toEqual([ids.appointment]);
    expect((await fhir('Appointment?date=ge2026-12-01')).body.total).toBe(0);
    expect(entryIds((await fhir(`Appointment?patient=Patient/${ids.patient}`)).body)).toEqual([ids.appointment]);
    expect(entryIds((await fhir(`Appointment?actor=Practitioner/${ids.expert}`)).body)).toEqual([ids.appointment]);
    expect((await fhir(`Appointment?practitioner=Practitioner/${ids.otherExpert}`)).body.total).toBe(0);
    expect((await fhir(`Appointment?patient=Patient/${ids.otherPatient}`)).body.total).toBe(0);
  });

  it('reads and searches open Slots by start and schedule, and Schedules by actor', async () => {
    expect((await fhir(`Slot/${ids.slotNov}`)).body).toMatchObject({ status: 'free', schedule: { reference: `Schedule/${ids.expert}` } });
    expect(entryIds((await fhir('Slot?start=ge2026-11-01&start=lt2026-12-01')).body)).toEqual([ids.slotNov]);
    expect(entryIds((await fhir(`Slot?schedule=Schedule/${ids.expert}&start=ge2026-12`)).body)).toEqual([ids.slotDec]);
    expect((await fhir(`Schedule/${ids.expert}`)).body).toMatchObject({ actor: [{ reference: `Practitioner/${ids.expert}` }] });
    expect(entryIds((await fhir(`Schedule?actor=Practitioner/${ids.expert}`)).body)).toEqual([ids.expert]);
  });

  it('reads Practitioners, and Patients with the identity code, auditing the patient reads', async () => {
    expect((await fhir(`Practitioner/${ids.expert}`)).body).toMatchObject({ name: [{ family: 'Varaaja', given: ['Ritva'] }] });
    const patient = await fhir(`Patient/${ids.patient}`);
    expect(patient.body).toMatchObject({
      identifier: [{ system: 'urn:oid:1.2.246.21', value: AINO }],
      name: [{ family: 'Fhirtesti', given: ['Aino', 'Maria'] }],
    });
    expect(entryIds((await fhir(`Patient?identifier=urn:oid:1.2.246.21|${AINO}`)).body)).toEqual([ids.patient]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.read'), eq(auditLog.objectType, 'patient'), eq(auditLog.objectId, ids.patient)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]).toMatchObject({ actorType: 'system', actorId: client.id, actorRole: 'apiClient', patientId: ids.patient });
    expect(JSON.stringify(audit)).not.toContain(AINO);
  });

  it('maps survey answers to QuestionnaireResponse items', async () => {
    const read = await fhir(`QuestionnaireResponse/${ids.response}`);
    expect(read.body).toMatchObject({
      status: 'completed',
      subject: { reference: `Patient/${ids.patient}` },
      item: [
        { linkId: 'pain', answer: [{ valueCoding: { code: 'yes', display: 'Kyllä' } }] },
        { linkId: 'where', answer: [{ valueString: 'polvi' }] },
        { linkId: 'mood', answer: [{ valueInteger: 7 }] },
      ],
    });
    expect(entryIds((await fhir(`QuestionnaireResponse?subject=Patient/${ids.patient}&authored=2026-11-11`)).body)).toEqual([ids.response]);
  });

  it('answers another organisation’s objects with 404', async () => {
    for (const path of [
      `Appointment/${ids.otherAppointment}`,
      `Slot/${ids.otherSlot}`,
      `Schedule/${ids.otherExpert}`,
      `Practitioner/${ids.otherExpert}`,
      `Patient/${ids.otherPatient}`,
      `Communication/${ids.otherMessage}`,
      `Encounter/${ids.otherChannel}`,
    ]) {
      const res = await fhir(path);
      expect([path, res.status, (res.body.issue as { code: string }[])[0]!.code]).toEqual([path, 404, 'not-found']);
    }
    expect((await fhir('Patient')).body.entry?.map((e) => e.resource.id)).not.toContain(ids.otherPatient);
  });

  it('caps _count, links the next page, and refuses bad parameters with OperationOutcomes', async () => {
    const page = await fhir('Slot?_count=1');
    expect(page.body.entry).toHaveLength(1);
    const next = (page.body.link as { relation: string; url: string }[]).find((l) => l.relation === 'next')!;
    expect(next.url).toContain('_offset=1');
    const capped = await fhir('Practitioner?_count=5000');
    expect((capped.body.link as { url: string }[])[0]!.url).toContain('_count=100');
    expect((await fhir('Appointment?colour=red')).status).toBe(400);
    expect((await fhir('Appointment?date=soon')).status).toBe(400);
    expect((await fhir('Appointment?patient=Practitioner/x')).status).toBe(400);
    // A NUL (or any control character) in a value is refused, not searched for.
    const nul = await fhir(`Patient?identifier=${encodeURIComponent(`urn:oid:1.2.246.21|${AINO}\u0000`)}`);
    expect([nul.status, nul.body.resourceType, (nul.body.issue as { code: string }[])[0]!.code]).toEqual([
      400,
      'OperationOutcome',
      'invalid',
    ]);
    expect((await fhir('Patient?identifier=%01010190-124N')).status).toBe(400);
    expect((await fhir('Observation')).status).toBe(404);
    expect((await fhir('Appointment/not-a-uuid')).status).toBe(404);
  });
});

describe('FHIR search by POST', () => {
  // One search of every served type, by GET and by POST: the same Bundle but for its links.
  const searches = (): [string, [string, string][]][] => [
    [
      'Appointment',
      [
        ['date', 'ge2026-11-01'],
        ['date', 'lt2026-12-01'],
        ['actor', `Patient/${ids.patient}`],
      ],
    ],
    ['Slot', [['schedule', `Schedule/${ids.expert}`]]],
    ['Schedule', [['actor', `Practitioner/${ids.expert}`]]],
    ['Patient', [['identifier', `urn:oid:1.2.246.21|${AINO}`]]],
    ['Practitioner', [['_id', ids.expert]]],
    [
      'QuestionnaireResponse',
      [
        ['subject', `Patient/${ids.patient}`],
        ['authored', '2026-11-11'],
      ],
    ],
    [
      'Communication',
      [
        ['patient', `Patient/${ids.patient}`],
        ['sent', 'ge2026-11-01'],
      ],
    ],
    [
      'Encounter',
      [
        ['appointment', `Appointment/${ids.appointment}`],
        ['status', 'finished'],
      ],
    ],
  ];

  it('answers every searchable type with the Bundle its GET search answers', async () => {
    const cases = searches();
    expect(cases.map(([type]) => type).sort()).toEqual(Object.keys(SEARCH_PARAMS).sort());
    for (const [type, params] of cases) {
      const byGet = await fhir(`${type}?${new URLSearchParams(params).toString()}`);
      const byPost = await fhirPost(type, params);
      expect([type, byPost.status]).toEqual([type, 200]);
      expect(byGet.body.total, type).toBeGreaterThan(0);
      const { link: _getLinks, ...got } = byGet.body;
      const { link: _postLinks, ...posted } = byPost.body;
      expect(posted, type).toEqual(got);
    }
  });

  it('takes parameters from the query string and the form as one set', async () => {
    const both = await fhirPost('Appointment', [['date', 'lt2026-12-01']], '?date=ge2026-11-01');
    expect(entryIds(both.body)).toEqual([ids.appointment]);
    const narrowed = await fhirPost('Appointment', [['date', 'lt2026-11-01']], '?date=ge2026-10-01');
    expect(narrowed.body.total).toBe(0);
    expect((await fhirPost('Appointment', [['colour', 'red']])).status).toBe(400);
    expect((await fhirPost('Appointment', [], '?colour=red')).status).toBe(400);
    expect(entryIds((await fhirPost('Slot', [], `?schedule=Schedule/${ids.expert}&start=ge2026-12`)).body)).toEqual([ids.slotDec]);
  });

  it('keeps what the form carried out of its links: pages are opaque tokens a GET follows, for this client only', async () => {
    const patient = await fhirPost('Patient', [['identifier', `urn:oid:1.2.246.21|${AINO}`]]);
    expect(entryIds(patient.body)).toEqual([ids.patient]);
    const self = linkOf(patient.body, 'self')!;
    expect(self).toMatch(/\/fhir\/R4\/Patient\?_page=[A-Za-z0-9_-]+$/);
    for (const secret of [AINO, encodeURIComponent(AINO), 'identifier', '1.2.246.21']) expect(self).not.toContain(secret);
    expect(entryIds((await fhir(pathOf(self))).body)).toEqual([ids.patient]);

    const first = await fhirPost('Slot', [
      ['schedule', `Schedule/${ids.expert}`],
      ['_count', '1'],
    ]);
    expect([first.body.total, entryIds(first.body)]).toEqual([2, [ids.slotNov]]);
    const next = linkOf(first.body, 'next')!;
    expect(next).toMatch(/\/fhir\/R4\/Slot\?_page=[A-Za-z0-9_-]+$/);
    const second = await fhir(pathOf(next));
    expect(entryIds(second.body)).toEqual([ids.slotDec]);
    expect(linkOf(second.body, 'self')).toMatch(/\?_page=/);
    expect(linkOf(second.body, 'next')).toBeUndefined();
    // The token opens for the client that searched and the type it searched, unaltered, and alone.
    const token = new URL(next).searchParams.get('_page')!;
    const otherClient = await tokenFor(await createClient('espoo-demo', 'Toinen järjestelmä'));
    const refusals = [
      await fhir(`Slot?_page=${token}`, otherClient),
      await fhir(`Schedule?_page=${token}`),
      await fhir(`Slot?_page=${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`),
      await fhir(`Slot?_page=${token}&_count=5`),
      await fhir('Slot?_page=not-a-token'),
    ];
    for (const res of refusals) expect([res.status, (res.body.issue as { code: string }[])[0]!.code]).toEqual([400, 'invalid']);
    expect(entryIds((await fhir(`Slot?_page=${token}&_format=json`)).body)).toEqual([ids.slotDec]);
  });

  it('audits the patients it shows like the GET search', async () => {
    const since = await lastAuditId();
    expect((await fhirPost('Patient', [['identifier', AINO]])).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.action, 'fhir.read')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ objectType: 'patient', objectId: ids.patient, actorRole: 'apiClient', actorId: client.id });
  });

  it('refuses a body that is not a form, an unknown type and a caller without a token', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/fhir/R4/Patient/_search',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: AINO }),
    });
    expect(outcomeOf(json)).toEqual([415, 'OperationOutcome', 'invalid']);
    expect((await fhirPost('Observation', [])).status).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/fhir/R4/Patient/_search', headers: FORM, payload: '' });
    expect(outcomeOf(none)).toEqual([401, 'OperationOutcome', 'login']);
    // No body at all is a search without parameters.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/fhir/R4/Practitioner/_search',
      headers: { authorization: `Bearer ${token}` },
    });
    expect([empty.statusCode, empty.json<Found>().resourceType]).toEqual([200, 'Bundle']);
  });

  it('searches by POST and pages on with fhir-kit-client, getting the Bundle of its GET search', async () => {
    const kit = new Client({ baseUrl: `${t.baseUrl}/fhir/R4`, bearerToken: token });
    const searchParams = { schedule: `Schedule/${ids.expert}`, _count: '1' };
    const byGet = (await kit.search({ resourceType: 'Slot', searchParams })) as Found;
    const byPost = (await kit.search({ resourceType: 'Slot', searchParams, options: { postSearch: true } })) as Found;
    expect(byPost.entry).toEqual(byGet.entry);
    expect(byPost.total).toBe(2);
    const next = (await kit.nextPage({ bundle: byPost as Parameters<Client['nextPage']>[0]['bundle'] })) as Found;
    expect(entryIds(next)).toEqual([ids.slotDec]);
    const patients = (await kit.search({
      resourceType: 'Patient',
      searchParams: { identifier: `urn:oid:1.2.246.21|${AINO}` },
      options: { postSearch: true },
    })) as Found;
    expect(entryIds(patients)).toEqual([ids.patient]);
    expect(JSON.stringify(patients.link)).not.toContain(AINO);
  });
});

describe('what the read-only FHIR API refuses', () => {
  const patientBody = JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Uusi' }] });
  const writes = () => [
    { method: 'POST' as const, url: '/fhir/R4/Patient', payload: patientBody },
    { method: 'PUT' as const, url: `/fhir/R4/Patient/${ids.patient}`, payload: patientBody },
    { method: 'PATCH' as const, url: `/fhir/R4/Appointment/${ids.appointment}`, payload: '[{"op":"remove","path":"/description"}]' },
    { method: 'DELETE' as const, url: `/fhir/R4/Slot/${ids.slotNov}` },
    { method: 'DELETE' as const, url: '/fhir/R4/Appointment?patient=Patient/x' },
    { method: 'PUT' as const, url: '/fhir/R4/Schedule?actor=Practitioner/x', payload: patientBody },
  ];

  it('answers create, update, patch and delete with 405 after authentication, and an unknown type with 404', async () => {
    for (const write of writes()) {
      const headers = { 'content-type': write.method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' };
      const res = await t.app.inject({ ...write, headers: { ...headers, authorization: `Bearer ${token}` } });
      expect([write.method, write.url, ...outcomeOf(res)]).toEqual([write.method, write.url, 405, 'OperationOutcome', 'not-supported']);
      expect(res.headers.allow).toBe('GET, HEAD');
      const anonymous = await t.app.inject({ ...write, headers });
      expect([write.method, write.url, ...outcomeOf(anonymous)]).toEqual([write.method, write.url, 401, 'OperationOutcome', 'login']);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/fhir/R4/Observation', headers: { authorization: `Bearer ${token}` } });
    expect(outcomeOf(unknown)).toEqual([404, 'OperationOutcome', 'not-found']);
    expect(await t.database.db.select().from(patients).where(eq(patients.familyName, 'Uusi'))).toEqual([]);
  });

  it('refuses writes through fhir-kit-client with 405 and an OperationOutcome', async () => {
    const kit = new Client({ baseUrl: `${t.baseUrl}/fhir/R4`, bearerToken: token });
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (err: { response: { status: number; data: { issue: { code: string }[] } } }) => [
          err.response.status,
          err.response.data.issue[0]!.code,
        ],
      );
    const patient = { resourceType: 'Patient' as const, id: ids.patient };
    expect(await refusal(kit.create({ resourceType: 'Patient', body: patient }))).toEqual([405, 'not-supported']);
    expect(await refusal(kit.update({ resourceType: 'Patient', id: ids.patient, body: patient }))).toEqual([405, 'not-supported']);
    expect(await refusal(kit.patch({ resourceType: 'Patient', id: ids.patient, jsonPatch: [{ op: 'remove', path: '/name' }] }))).toEqual([
      405,
      'not-supported',
    ]);
    expect(await refusal(kit.delete({ resourceType: 'Patient', id: ids.patient }))).toEqual([405, 'not-supported']);
    expect(
      await refusal(kit.read({ resourceType: 'Patient', id: ids.patient, options: { headers: { accept: 'application/fhir+xml' } } })),
    ).toEqual([406, 'not-supported']);
  });

  it('answers a request for XML with 406 in JSON, and serves JSON to whoever accepts it', async () => {
    const get = (url: string, accept?: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) } });
    const xmlFormats = ['xml', 'application/fhir+xml', 'text/xml', 'application/xml', 'ttl'];
    for (const format of xmlFormats) {
      for (const path of ['Practitioner', `Practitioner/${ids.expert}`, 'metadata']) {
        const res = await get(`/fhir/R4/${path}?_format=${encodeURIComponent(format)}`);
        expect([format, path, ...outcomeOf(res)]).toEqual([format, path, 406, 'OperationOutcome', 'not-supported']);
      }
    }
    for (const accept of ['application/fhir+xml', 'application/xml, text/xml', 'application/fhir+xml, application/fhir+json;q=0']) {
      expect([accept, ...outcomeOf(await get('/fhir/R4/Practitioner', accept))]).toEqual([
        accept,
        406,
        'OperationOutcome',
        'not-supported',
      ]);
    }
    const form = await fhirPost('Practitioner', [['_format', 'xml']]);
    expect([form.status, form.body.resourceType]).toEqual([406, 'OperationOutcome']);
    const query = await fhirPost('Practitioner', [], '?_format=application/fhir%2Bxml');
    expect([query.status, query.body.resourceType]).toEqual([406, 'OperationOutcome']);
    // Without a token, the 401 comes first.
    const anonymous = await t.app.inject({ method: 'GET', url: '/fhir/R4/Practitioner?_format=xml' });
    expect(anonymous.statusCode).toBe(401);

    for (const format of ['json', 'application/fhir+json', 'application/fhir%2Bjson', 'application/json']) {
      const res = await get(`/fhir/R4/Practitioner?_format=${format}`);
      expect([format, res.statusCode, res.json<Found>().resourceType]).toEqual([format, 200, 'Bundle']);
    }
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const accept of [
      '*/*',
      'application/fhir+json',
      'application/json',
      'application/fhir+xml;q=0.9, application/fhir+json;q=0.1',
      browser,
    ]) {
      const res = await get(`/fhir/R4/Practitioner/${ids.expert}`, accept);
      expect([accept, res.statusCode]).toEqual([accept, 200]);
    }
  });
});
