import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZLocationOptions, type OrganisationsInfo } from '@prsp/contracts';
import { auditLog, organisationAreas, organisations, patients } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  actFor,
  AINO,
  expectError,
  HELMI,
  LILJA,
  MATTI,
  okData,
  onboard,
  organisationBySlug,
  patientIdOf,
  postJson,
  setFlags,
  signedIn,
} from './patient-test-steps';

let t: TestApp;
let espooId: string;
let kaarinaId: string;
beforeAll(async () => {
  t = await startTestApp();
  espooId = (await organisationBySlug(t, 'espoo-demo')).id;
  kaarinaId = (await organisationBySlug(t, 'kaarina-demo')).id;
});
afterAll(() => t.close());

const move = (b: TestBrowser, area: string) => postJson(b, '/api/location', { area });

describe('GET /api/location', () => {
  test('lists the municipalities the organisations serve, named in three languages, by Finnish name', async () => {
    const browser = await signedIn(t, MATTI);
    const options = ZLocationOptions.parse(await okData(browser.fetch('/api/location')));
    expect(options.current).toBeNull();
    expect(options.areas.map((a) => a.id)).toEqual(['049', '091', '202', '235', '529', '853', '092']);
    expect(options.areas[0]).toEqual({ id: '049', name: { fi: 'Espoo', se: 'Esbo', en: 'Espoo' } });
    expect(options.areas.find((a) => a.id === '853')?.name).toEqual({ fi: 'Turku', se: 'Åbo', en: 'Turku' });
  });

  test('not signed in: 101', async () => {
    await expectError(new TestBrowser(t.baseUrl).fetch('/api/location'), 401, 101);
  });
});

describe('POST /api/location', () => {
  test('selects the organisation serving the municipality and remembers the choice; audited', async () => {
    const browser = await signedIn(t, MATTI);
    const info = await okData<OrganisationsInfo>(move(browser, '853'));
    expect(info.selectedOrganisation).toBe(kaarinaId);
    expect((await okData<{ current: string | null }>(browser.fetch('/api/location'))).current).toBe('853');
    const matti = await patientIdOf(t, MATTI);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, matti));
    expect(row).toMatchObject({ selectedOrganisationId: kaarinaId, locationCode: '853' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.location.change'), eq(auditLog.actorId, matti)));
    expect(audit).toEqual([expect.objectContaining({ objectId: kaarinaId })]);
  });

  test('a municipality nobody serves answers 501; an empty one 400', async () => {
    const browser = await signedIn(t, MATTI);
    await expectError(move(browser, '005'), 400, 501);
    const body = await expectError(move(browser, ''), 400, 400);
    expect(body.fields).toEqual([expect.objectContaining({ field: 'area', messageKey: 'fields.required' })]);
  });

  test('when several serve it, the first by name wins; hidden organisations do not count', async () => {
    await t.database.db.insert(organisationAreas).values({ organisationId: kaarinaId, kind: 'municipality', value: '049' });
    try {
      const browser = await signedIn(t, HELMI);
      expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(espooId);
      await t.database.db.update(organisations).set({ dontShowOnListingEnabled: true }).where(eq(organisations.id, espooId));
      const areas = (await okData<{ areas: { id: string }[] }>(browser.fetch('/api/location'))).areas.map((a) => a.id);
      expect(areas).not.toContain('091');
      expect(areas).toContain('049');
      expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(kaarinaId);
      await expectError(move(browser, '091'), 400, 501);
    } finally {
      await t.database.db.update(organisations).set({ dontShowOnListingEnabled: false }).where(eq(organisations.id, espooId));
      await t.database.db
        .delete(organisationAreas)
        .where(and(eq(organisationAreas.organisationId, kaarinaId), eq(organisationAreas.value, '049')));
    }
  });

  test('changeLocationEnabled off in the current organisation: 403', async () => {
    const browser = await signedIn(t, HELMI);
    await onboard(browser, espooId);
    const restore = await setFlags(t, espooId, { changeLocationEnabled: false });
    try {
      await expectError(browser.fetch('/api/location'), 403, 403);
      await expectError(move(browser, '853'), 403, 403);
    } finally {
      await restore();
    }
    // Moving needs no accepted terms in the current organisation: it is a way out of it.
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: kaarinaId }));
    expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(espooId);
  });

  test('while acting, the principal moves, not the delegate', async () => {
    const browser = await signedIn(t, AINO);
    await onboard(browser, espooId);
    await actFor(t, browser, LILJA);
    await okData(move(browser, '202'));
    const [lilja] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.id, await patientIdOf(t, LILJA)));
    const [aino] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.id, await patientIdOf(t, AINO)));
    expect(lilja).toMatchObject({ selectedOrganisationId: kaarinaId, locationCode: '202' });
    expect(aino).toMatchObject({ selectedOrganisationId: espooId, locationCode: null });
  });
});
