import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentParticipants, appointments, auditLog, patients, surveyResponses, termsAcceptances } from '../../db/schema';
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
  | 'response';
const ids = {} as Record<Ids, string>;
let client: { id: string; clientId: string; secret: string };
let token: string;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function createClient(organisation: string, name: string) {
  const admin = await staffBrowser(t, { organisation });
  const res = await postJson(admin, '/api/admin/api-clients', { name });
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
    expect((await postJson(viewer, '/api/admin/api-clients', { name: 'x' })).status).toBe(403);
    const booker = await staffBrowser(t, { organisation: 'espoo-demo', preset: 'booker' });
    expect((await booker.fetch('/api/admin/api-clients')).status).toBe(403);
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    expect((await postJson(kaarinaAdmin, `/api/admin/api-clients/${client.id}/revoke`)).status).toBe(404);
    expect((await postJson(kaarinaAdmin, '/api/admin/api-clients', { name: ' ' })).status).toBe(400);
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
    expect((await fhir('Encounter')).status).toBe(404);
    expect((await fhir('Appointment/not-a-uuid')).status).toBe(404);
  });
});
