import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { localDateAt, type AppointmentDetail } from '@prsp/contracts';
import type { TestBrowser } from '../../test/http-client';
import { AINO, SARA } from '../../test/person-codes';
import { staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, openSlots } from '../booking/booking.steps';
import { okData, organisationBySlug, patientIdOf, postJson } from '../patients/patient.steps';
import { makeResponse, makeTemplate } from '../surveys/survey.steps';
import { entryIds, fhirClient, fhirGet, type FhirBody } from './fhir.steps';
import { SEARCH_PARAMS } from './fhir.service';

/**
 * Issue 30, point 3: a copy of the organisation's data stays in sync through `meta.versionId`, `meta.lastUpdated`
 * and `_lastUpdated`. Every change is made through the product's routes; the database keeps the versions.
 */
let t: TestApp;
let espoo: string;
let admin: TestBrowser;
let token: string;
let expert: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  admin = await staffBrowser(t);
  token = (await fhirClient(t, admin)).token;
  expert = await bookingExpert(t, espoo, 'nurse');
});
afterAll(() => t?.close());

const fhir = (path: string) => fhirGet(t, token, path);
const patient = (ssn: string, firstName: string) => ({
  ssn,
  firstName,
  lastName: 'Versio',
  email: `${firstName.toLowerCase()}.versio@test.example`,
  language: 'fi',
  nationality: 'FI',
});
const oneOnOne = (startTime: string) => ({
  kind: 'oneOnOne',
  expertId: expert.id,
  date: localDateAt(daysAheadAt(9, 12)),
  startTime,
  durationMinutes: 30,
  sendConfirmation: false,
  patient: patient(AINO, 'Aino'),
});
const metaOf = (body: FhirBody) => body.meta!;

describe('meta and _lastUpdated', () => {
  test('every resource served carries meta.versionId and meta.lastUpdated', async () => {
    await okData(postJson(admin, '/api/admin/bookings/create', oneOnOne('09:00')));
    await openSlots(t, espoo, expert.id, [daysAheadAt(11, 10)]);
    const { versionId } = await makeTemplate(t.database.db, espoo);
    await makeResponse(t.database.db, espoo, await patientIdOf(t, AINO), versionId);
    for (const type of ['Appointment', 'Slot', 'Schedule', 'Practitioner', 'Patient', 'QuestionnaireResponse']) {
      const found = await fhir(`${type}?_count=100`);
      expect([type, found.status, (found.body.total ?? 0) > 0]).toEqual([type, 200, true]);
      for (const { resource } of found.body.entry!) {
        expect(resource.meta, type).toEqual({ versionId: expect.stringMatching(/^[1-9]\d*$/), lastUpdated: expect.any(String) });
        expect(new Date(resource.meta!.lastUpdated).toISOString()).toBe(resource.meta!.lastUpdated);
      }
    }
  });

  test("an admin's move raises the appointment's version and lastUpdated; _lastUpdated finds it and not an unchanged one", async () => {
    const unchanged = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', oneOnOne('08:00')));
    const input = oneOnOne('10:00');
    const moved = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', input));
    const before = metaOf((await fhir(`Appointment/${moved.id}`)).body);

    const detail = await okData<AppointmentDetail>(
      postJson(admin, `/api/admin/bookings/${moved.id}/update`, { ...input, startTime: '19:30' }),
    );
    const after = (await fhir(`Appointment/${moved.id}`)).body;
    expect(after.start).toBe(new Date(detail.startTime).toISOString());
    expect(Number(after.meta!.versionId)).toBe(Number(before.versionId) + 1);
    expect(new Date(after.meta!.lastUpdated).getTime()).toBeGreaterThan(new Date(before.lastUpdated).getTime());

    const both = `_id=${unchanged.id},${moved.id}`;
    expect(entryIds((await fhir(`Appointment?${both}&_lastUpdated=gt${before.lastUpdated}`)).body)).toEqual([moved.id]);
    expect(entryIds((await fhir(`Appointment?${both}&_lastUpdated=le${before.lastUpdated}`)).body)).toEqual([unchanged.id]);
    // fhir-kit-client's search by POST takes the parameter as any other.
    const kit = new Client({ baseUrl: `${t.baseUrl}/fhir/R4`, bearerToken: token });
    const posted = (await kit.search({
      resourceType: 'Appointment',
      searchParams: { _id: `${unchanged.id},${moved.id}`, _lastUpdated: `gt${before.lastUpdated}` },
      options: { postSearch: true },
    })) as FhirBody;
    expect(entryIds(posted)).toEqual([moved.id]);
  });

  test("a participant added to a group raises the appointment's version, once per change", async () => {
    const group = {
      kind: 'group',
      expertId: expert.id,
      hostExpertId: expert.id,
      date: localDateAt(daysAheadAt(13, 12)),
      startTime: '13:00',
      durationMinutes: 60,
      sendConfirmation: false,
      patients: [patient(AINO, 'Aino')],
    };
    const created = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', group));
    const first = (await fhir(`Appointment/${created.id}`)).body;
    await okData(
      postJson(admin, `/api/admin/bookings/${created.id}/update`, { ...group, patients: [patient(AINO, 'Aino'), patient(SARA, 'Sara')] }),
    );
    const second = (await fhir(`Appointment/${created.id}`)).body;
    expect(Number(second.meta!.versionId)).toBe(Number(first.meta!.versionId) + 1);
    const actors = (second.participant as { actor: { reference: string } }[]).map((p) => p.actor.reference);
    expect(actors).toContain(`Patient/${await patientIdOf(t, SARA)}`);
  });

  test('_lastUpdated takes the date prefixes on every type, and refuses a malformed value', async () => {
    for (const type of Object.keys(SEARCH_PARAMS)) {
      expect([type, (await fhir(`${type}?_lastUpdated=ge2020-01-01&_lastUpdated=lt2100`)).status]).toEqual([type, 200]);
      expect([type, (await fhir(`${type}?_lastUpdated=lt2000-01-01`)).body.total]).toEqual([type, 0]);
    }
    const bad = await fhir('Appointment?_lastUpdated=yesterday');
    expect([bad.status, bad.body.issue![0]!.code]).toEqual([400, 'invalid']);
  });

  test('the CapabilityStatement lists _lastUpdated, as a date, for every type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    const statement = res.json<CapabilityStatement>();
    const resources = statement.rest![0]!.resource!;
    expect(resources.map((r) => r.type).sort()).toEqual(Object.keys(SEARCH_PARAMS).sort());
    for (const r of resources) expect(r.searchParam).toContainEqual({ name: '_lastUpdated', type: 'date' });
  });
});

describe('Schedule.specialty', () => {
  test('a coded concept per specialisation: its slug, with the Finnish name as display and text', async () => {
    const schedule = (await fhir(`Schedule/${expert.id}`)).body;
    expect(schedule.specialty).toEqual([
      { coding: [{ system: 'urn:prsp:specialization', code: 'nurse', display: 'Sairaanhoitaja' }], text: 'Sairaanhoitaja' },
    ]);
  });
});
