import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALWAYS_OPEN, type OpenService, type PatientConfig, type ServicesResponse } from '@prsp/contracts';
import { appointmentParticipants, appointments, chatQueues, experts, organisations, patients, sessions, staffUsers } from '../../db/schema';
import { actFor, expectError, okData, onboard, organisationBySlug, patientIdOf, signedIn } from '../../modules/patients/patient.steps';
import { TestBrowser } from '../../test/http-client';
import { reachCallback } from '../../test/login.steps';
import { AINO, ELIAS, HELMI, LILJA, MATTI, SARA, randomIdentityCode } from '../../test/person-codes';
import { postJson, staffBrowser } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import type { TestDatabase } from '../../test/test-database';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances';
import { patientScope } from '../access/patient-access';

/**
 * The read-model cache behind GET /api/config and GET /api/services, with two instances on one database (as behind a
 * load balancer; PGlite in memory or the PostgreSQL server): a write through either instance, or straight to the
 * database, reaches every instance's next reads, and no caller gets an answer that was someone else's.
 */
let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let espoo: string;
let kaarina: string;

/** Test apps run without the cache (test-app.ts); these two have it, as in production. */
const CACHED = { READ_MODEL_CACHE_TTL_SECONDS: '60' };

let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances(CACHED);
  ({ database, a, b } = cluster);
  espoo = (await organisationBySlug(a, 'espoo-demo')).id;
  kaarina = (await organisationBySlug(a, 'kaarina-demo')).id;
});
afterAll(() => cluster?.close());

/** The same signed-in patient on the other instance: sessions live in the database. */
function onOther(browser: TestBrowser, other: TestApp): TestBrowser {
  const twin = new TestBrowser(other.baseUrl);
  for (const name of ['prsp_session', 'prsp_csrf']) twin.setCookie(name, browser.cookie(name)!);
  return twin;
}

/** Reads until `check` passes (the other instance hears the notification shortly after the commit), for 5 s at most. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Aino acts for her child Lilja, who has chosen no organisation yet, through instance a. actFor writes the session row
 * straight to the database, so wait until instance a has heard it: else the next choice could still be made as Aino
 * and the request after it act for a child with no organisation (404).
 */
async function actForChild(aino: TestBrowser): Promise<void> {
  await actFor(a, aino, LILJA);
  await eventually(
    () => okData<{ selectedOrganisation: string | null }>(aino.fetch('/api/organisations')),
    (info) => info.selectedOrganisation === null,
  );
}

const config = (browser: TestBrowser) => okData<PatientConfig>(browser.fetch('/api/config'));
const services = (browser: TestBrowser) => okData<ServicesResponse>(browser.fetch('/api/services'));
const names = (list: OpenService[]) => list.map((s) => s.serviceName.en);

/** Whether the caller is refused as signed out (the catalogue's 101). */
async function signedOut(browser: TestBrowser): Promise<boolean> {
  const res = await browser.fetch('/api/config');
  return res.status === 401;
}

/** The value of one series on the instance's /metrics page (0 before it has counted anything). */
async function metric(t: TestApp, series: string): Promise<number> {
  const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** How often the instance answered `model` from memory so far. */
const hits = (t: TestApp, model: string) => metric(t, `read_model_cache_requests_total{model="${model}",result="hit"}`);

/** The instance's count of its own writes dropping cached entries before their answer left. */
const localInvalidations = (t: TestApp) => metric(t, 'read_model_cache_invalidations_total{reason="local"}');

const NEW_SERVICE = {
  name: { fi: 'Välimuistitesti', se: 'Cachetest', en: 'Cache test' },
  description: { fi: 'Kuvaus', se: 'Beskrivning', en: 'Description' },
  icon: 'therapist',
  chatQueueId: 'espoo-nurse',
  requiresCode: false,
  selfAssessment: 'optional',
  areas: ['049'],
};

describe('read-model cache across two instances', () => {
  test("an admin's new service is in the next read on the same instance and soon on the other", async () => {
    const patientA = await signedIn(a, AINO);
    await onboard(patientA, espoo);
    const patientB = onOther(patientA, b);
    // Both instances hold the list now (the second read of each is a hit).
    for (const p of [patientA, patientA, patientB, patientB]) expect(names((await services(p)).openServices)).not.toContain('Cache test');
    expect(await hits(a, 'services')).toBeGreaterThan(0);
    expect(await hits(b, 'services')).toBeGreaterThan(0);

    const admin = await staffBrowser(a);
    expect((await postJson(admin, '/api/admin/services/create', NEW_SERVICE)).status).toBe(200);

    expect(names((await services(patientA)).openServices)).toContain('Cache test');
    const onB = await eventually(
      () => services(patientB),
      (s) => names(s.openServices).includes('Cache test'),
    );
    expect(names(onB.openServices)).toContain('Cache test');
  });

  test('a write straight to the database (an operator, a script) reaches both instances too', async () => {
    const patientA = await signedIn(a, MATTI);
    await onboard(patientA, kaarina);
    const patientB = onOther(patientA, b);
    const before = await config(patientA);
    await config(patientB);
    expect(before.name).toBe('Kaarinan terveysneuvonta');

    await database.db.update(organisations).set({ primaryColor: '#123456' }).where(eq(organisations.id, kaarina));
    for (const p of [patientA, patientB]) {
      const after = await eventually(
        () => config(p),
        (c) => c.themeOverrides.colors.primary === '#123456',
      );
      expect(after.themeOverrides.colors.primary).toBe('#123456');
    }
    // A flag behind the service list: remote reception off empties it everywhere.
    const [row] = await database.db.select({ flags: organisations.flags }).from(organisations).where(eq(organisations.id, kaarina));
    expect((await services(patientB)).openServices.length).toBeGreaterThan(0);
    await database.db
      .update(organisations)
      .set({ flags: { ...row!.flags, remoteReceptionEnabled: false } })
      .where(eq(organisations.id, kaarina));
    for (const p of [patientA, patientB]) {
      const after = await eventually(
        () => services(p),
        (s) => s.openServices.length === 0,
      );
      expect(after.openServices).toEqual([]);
    }
    await database.db.update(organisations).set({ flags: row!.flags }).where(eq(organisations.id, kaarina));
  });

  test("a queue's hours and who serves it, changed straight in the database, reach both instances' service cards", async () => {
    const patientA = await signedIn(a, HELMI);
    await onboard(patientA, espoo);
    const patientB = onOther(patientA, b);
    const cards = (p: TestBrowser) => services(p).then((s) => s.availability ?? {});
    for (const p of [patientA, patientA, patientB, patientB])
      expect((await cards(p))['espoo-nurse']).toMatchObject({ hoursToday: { alwaysOpen: true, ranges: [] }, staffed: true });
    expect(await hits(a, 'availability')).toBeGreaterThan(0);
    expect(await hits(b, 'availability')).toBeGreaterThan(0);

    await database.db
      .update(chatQueues)
      .set({ openingHours: { ...ALWAYS_OPEN, closed: true } })
      .where(eq(chatQueues.id, 'espoo-nurse'));
    for (const p of [patientA, patientB]) {
      const after = await eventually(
        () => cards(p),
        (c) => !c['espoo-nurse']?.hoursToday.alwaysOpen,
      );
      expect(after['espoo-nurse']?.hoursToday).toEqual({ alwaysOpen: false, ranges: [] });
    }
    await database.db.update(chatQueues).set({ openingHours: ALWAYS_OPEN }).where(eq(chatQueues.id, 'espoo-nurse'));

    // Every professional serving the nurses' queue switched inactive, then one of them moved to another queue.
    const serving = await database.db
      .select({ id: experts.id, userId: experts.userId, queue: experts.chatQueueId })
      .from(experts)
      .where(and(eq(experts.organisationId, espoo), eq(experts.chatQueueId, 'espoo-nurse')));
    expect(serving.length).toBeGreaterThan(0);
    const staffed = (p: TestBrowser) => cards(p).then((c) => c['espoo-nurse']?.staffed);
    // Each instance says so as soon as it has heard of the change.
    const staffedOnBoth = async (want: boolean) => {
      for (const p of [patientA, patientB])
        expect(
          await eventually(
            () => staffed(p),
            (s) => s === want,
          ),
        ).toBe(want);
    };
    await staffedOnBoth(true);
    const users = serving.map((e) => e.userId);
    await database.db.update(staffUsers).set({ active: false }).where(inArray(staffUsers.id, users));
    await staffedOnBoth(false);
    await database.db.update(staffUsers).set({ active: true }).where(inArray(staffUsers.id, users));
    await staffedOnBoth(true);
    await database.db
      .update(experts)
      .set({ chatQueueId: 'espoo-doctor' })
      .where(
        inArray(
          experts.id,
          serving.map((e) => e.id),
        ),
      );
    await staffedOnBoth(false);
    await database.db
      .update(experts)
      .set({ chatQueueId: 'espoo-nurse' })
      .where(
        inArray(
          experts.id,
          serving.map((e) => e.id),
        ),
      );
  });

  test("answers are never another organisation's or another caller's", async () => {
    const inEspoo = await signedIn(a, AINO);
    await onboard(inEspoo, espoo);
    const inKaarina = await signedIn(a, MATTI);
    await onboard(inKaarina, kaarina);
    // The delegate acts for her child in Espoo: her config names the child, and is never served to anyone else.
    const acting = await signedIn(a, AINO);
    await actForChild(acting);
    await okData(postJson(acting, '/api/organisations/select', { selectedOrganisation: espoo }));
    await okData(postJson(acting, '/api/terms/accept'));

    for (let round = 0; round < 2; round++) {
      const actingConfig = await config(acting);
      expect(actingConfig.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
      const own = await config(inEspoo);
      expect(own.actOnBehalf).toBeNull();
      expect(own.name).toBe(actingConfig.name);
      const other = await config(inKaarina);
      expect(other.name).toBe('Kaarinan terveysneuvonta');
      expect(other.actOnBehalf).toBeNull();
      const espooServices = (await services(inEspoo)).openServices.map((s) => s.chatQueueId);
      const kaarinaServices = (await services(inKaarina)).openServices.map((s) => s.chatQueueId);
      expect(espooServices.every((q) => q.startsWith('espoo-'))).toBe(true);
      expect(kaarinaServices.some((q) => q.startsWith('espoo-'))).toBe(false);
    }
    // The texts carry every language: the answer is the same whatever language the caller asks in.
    const sv = await (await inEspoo.fetch('/api/config', { headers: { 'accept-language': 'sv' } })).text();
    const en = await (await inEspoo.fetch('/api/config', { headers: { 'accept-language': 'en' } })).text();
    expect(sv).toBe(en);
  });
});

/**
 * The session row, the patient's access state and their upcoming appointments come from the same cache (migration
 * 0013): a sign-out, a change of who the session acts for, an organisation or terms choice and an appointment's change
 * reach the writer's instance before its answer leaves and every other instance as soon as it hears the notification.
 */
describe('sessions and patients across two instances', () => {
  test('signing out ends the session here at once and on the other instance as soon as it hears', async () => {
    const patientA = await signedIn(a, HELMI);
    await onboard(patientA, espoo);
    const sameCookieA = onOther(patientA, a);
    const patientB = onOther(patientA, b);
    for (const p of [patientA, patientA, patientB, patientB]) await config(p);
    expect(await hits(a, 'session')).toBeGreaterThan(0);
    expect(await hits(b, 'session')).toBeGreaterThan(0);

    await okData(postJson(patientA, '/api/logout'));
    await expectError(sameCookieA.fetch('/api/config'), 401, 101);
    expect(await eventually(() => signedOut(patientB), Boolean)).toBe(true);
  });

  test('a session deleted in the database (an operator ending it) is refused by both instances', async () => {
    const patientA = await signedIn(a, ELIAS);
    await onboard(patientA, espoo);
    const patientB = onOther(patientA, b);
    for (const p of [patientA, patientB]) await config(p);
    const patientId = await patientIdOf(a, ELIAS);
    await database.db.delete(sessions).where(eq(sessions.patientId, patientId));
    for (const p of [patientA, patientB]) expect(await eventually(() => signedOut(p), Boolean)).toBe(true);
  });

  test('acting on behalf, started through one instance, is what the other serves next', async () => {
    const delegate = await signedIn(a, AINO);
    await onboard(delegate, espoo);
    const onB = onOther(delegate, b);
    expect((await config(onB)).actOnBehalf).toBeNull();
    await config(onB);
    await actForChild(delegate);
    await okData(postJson(delegate, '/api/organisations/select', { selectedOrganisation: espoo }));
    await okData(postJson(delegate, '/api/terms/accept'));
    const acting = await eventually(
      () => config(onB),
      (c) => c.actOnBehalf !== null,
    );
    expect(acting.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
  });

  test("an organisation's choice and its terms count on the writer's instance at once", async () => {
    const patient = await signedIn(a, SARA);
    await okData(postJson(patient, '/api/organisations/select', { selectedOrganisation: kaarina }));
    // Terms not accepted yet: the service list is refused, and that refusal is not what the next request gets.
    await expectError(patient.fetch('/api/services'), 403, 403);
    const before = await localInvalidations(a);
    await okData(postJson(patient, '/api/terms/accept'));
    // The write dropped this session's and this patient's entries itself, not waiting for the notification.
    expect(await localInvalidations(a)).toBeGreaterThanOrEqual(before + 2);
    expect((await services(patient)).openServices.length).toBeGreaterThan(0);
    await okData(postJson(patient, '/api/organisations/select', { selectedOrganisation: espoo }));
    expect((await config(patient)).name).not.toBe('Kaarinan terveysneuvonta');
  });

  test('a choice made through one instance is never refused by the other, whose memory has not heard of it yet', async () => {
    // What a load balancer does to a patient: the organisation chosen through A, the terms accepted through B at once.
    const ssn = randomIdentityCode();
    const onA = await signedIn(a, ssn);
    const onB = onOther(onA, b);
    const scope = patientScope(await patientIdOf(a, ssn));
    // B remembers "no organisation yet" (as after any request of this patient through B before the choice).
    let loaded = false;
    const rememberNone = () =>
      b.app.readModels.get('patient-access', scope, '', async () => {
        loaded = true;
        return { organisationId: null, termsAcceptedAt: null };
      });
    await rememberNone();
    await okData(postJson(onA, '/api/organisations/select', { selectedOrganisation: kaarina }));
    // Once A's notification has dropped B's entry, B remembers "none" again: B is now behind as it is while a
    // notification is on its way, and no later notification will put it right before the next request.
    loaded = false;
    await eventually(
      async () => (await rememberNone(), loaded),
      (again) => again,
    );
    expect(loaded).toBe(true);

    await okData(postJson(onB, '/api/terms/accept'));
    expect((await services(onB)).openServices.length).toBeGreaterThan(0);
  });

  test("an appointment booked, moved and cancelled by someone else reaches the patient's list on both instances", async () => {
    const patientA = await signedIn(a, MATTI);
    await onboard(patientA, espoo);
    const patientB = onOther(patientA, b);
    for (const p of [patientA, patientA, patientB, patientB]) expect((await services(p)).appointments).toEqual([]);
    expect(await hits(b, 'appointments')).toBeGreaterThan(0);

    const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 24 * 3_600_000);
    const [appointment] = await database.db
      .insert(appointments)
      .values({
        organisationId: espoo,
        type: 'oneOnOne',
        status: 'booked',
        name: 'Cached visit',
        startsAt,
        endsAt: new Date(+startsAt + 1_800_000),
      })
      .returning({ id: appointments.id });
    const matti = await patientIdOf(a, MATTI);
    await database.db
      .insert(appointmentParticipants)
      .values({ appointmentId: appointment!.id, role: 'patient', patientId: matti, name: 'Matti', language: 'fi' });
    const listed = (p: TestBrowser) => services(p).then((s) => s.appointments.map((x) => [x.name, x.startTime]));
    for (const p of [patientA, patientB]) {
      expect(
        await eventually(
          () => listed(p),
          (l) => l.length === 1,
        ),
      ).toEqual([['Cached visit', +startsAt]]);
    }

    const later = new Date(+startsAt + 3_600_000);
    await database.db
      .update(appointments)
      .set({ startsAt: later, endsAt: new Date(+later + 1_800_000) })
      .where(eq(appointments.id, appointment!.id));
    for (const p of [patientA, patientB]) {
      expect(
        await eventually(
          () => listed(p),
          (l) => l[0]?.[1] === +later,
        ),
      ).toEqual([['Cached visit', +later]]);
    }

    await database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appointment!.id));
    for (const p of [patientA, patientB])
      expect(
        await eventually(
          () => listed(p),
          (l) => l.length === 0,
        ),
      ).toEqual([]);
  });
});

/**
 * The signed-in patient's names come from the same cache, under the patient's scope (migration 0013 notifies every
 * change to their row) and per session.
 */
describe("the signed-in patient's names across two instances", () => {
  type UserInfo = { id: string; firstName: string; lastName: string };
  const userInfo = (browser: TestBrowser) => okData<UserInfo>(browser.fetch('/api/user/info'));

  /** Signs in through instance `t` as a person the identification names so. */
  async function signedInAs(t: TestApp, ssn: string, names: { givenName: string; familyName: string }): Promise<TestBrowser> {
    const browser = new TestBrowser(t.baseUrl);
    const callback = await browser.fetch(await reachCallback(browser, ssn, names));
    expect(callback.status).toBe(303);
    return browser;
  }

  test("a change to the patient's row reaches both instances' next answers", async () => {
    const ssn = randomIdentityCode();
    const patientA = await signedInAs(a, ssn, { givenName: 'Kalle', familyName: 'Välimuisti' });
    const patientB = onOther(patientA, b);
    for (const p of [patientA, patientA, patientB, patientB])
      expect(await userInfo(p)).toMatchObject({ firstName: 'Kalle', lastName: 'Välimuisti' });
    expect(await hits(a, 'user-info')).toBeGreaterThan(0);
    expect(await hits(b, 'user-info')).toBeGreaterThan(0);

    const id = await patientIdOf(a, ssn);
    await database.db.update(patients).set({ givenName: 'Kaarle', familyName: 'Muutettu' }).where(eq(patients.id, id));
    for (const p of [patientA, patientB]) {
      const after = await eventually(
        () => userInfo(p),
        (u) => u.firstName === 'Kaarle',
      );
      expect(after).toEqual({ id, firstName: 'Kaarle', lastName: 'Muutettu' });
    }
  });

  test('a new sign-in answers the names it brought at once, and the older session soon', async () => {
    const ssn = randomIdentityCode();
    const first = await signedInAs(a, ssn, { givenName: 'Anna', familyName: 'Ennen' });
    for (let i = 0; i < 2; i++) expect(await userInfo(first)).toMatchObject({ firstName: 'Anna', lastName: 'Ennen' });

    // The callback is a GET: no entry is dropped before its answer leaves, and the notification may come later.
    const again = await signedInAs(a, ssn, { givenName: 'Anna', familyName: 'Jälkeen' });
    expect(await userInfo(again)).toMatchObject({ firstName: 'Anna', lastName: 'Jälkeen' });
    const older = await eventually(
      () => userInfo(first),
      (u) => u.lastName === 'Jälkeen',
    );
    expect(older.lastName).toBe('Jälkeen');
  });

  test('a patient who is gone is refused, not answered from memory', async () => {
    const ssn = randomIdentityCode();
    const patientA = await signedInAs(a, ssn, { givenName: 'Poistuva', familyName: 'Potilas' });
    const patientB = onOther(patientA, b);
    for (const p of [patientA, patientA, patientB, patientB]) await userInfo(p);
    await database.db.delete(patients).where(eq(patients.id, await patientIdOf(a, ssn)));
    for (const p of [patientA, patientB]) {
      const res = await eventually(
        () => p.fetch('/api/user/info'),
        (r) => r.status === 401,
      );
      expect(res.status).toBe(401);
    }
  });
});
