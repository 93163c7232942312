import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ZLocationOptions, type OrganisationsInfo } from '@prsp/contracts';
import { auditLog, organisationAreas, organisations, patients } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { AINO, HELMI, LILJA, MATTI, SARA } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson } from './patient.steps';

const ctx = patientTestApp();

const move = (b: TestBrowser, area: string) => postJson(b, '/api/location', { area });

describe('GET /api/location', () => {
  test('lists the municipalities the organisations serve, named in three languages, by Finnish name', async () => {
    const browser = await ctx.signedIn(MATTI);
    const options = ZLocationOptions.parse(await okData(browser.fetch('/api/location')));
    expect(options.current).toBeNull();
    expect(options.areas.map((a) => a.id)).toEqual(['049', '091', '202', '235', '529', '853', '092']);
    expect(options.areas[0]).toEqual({
      id: '049',
      name: { fi: 'Espoo', se: 'Esbo', en: 'Espoo' },
      organisation: { id: ctx.espoo.id, name: expect.any(String) },
    });
    expect(options.areas.find((a) => a.id === '853')).toMatchObject({
      name: { fi: 'Turku', se: 'Åbo', en: 'Turku' },
      organisation: { id: ctx.kaarina.id },
    });
  });

  test('tells the current organisation and area, so the page can show them and say when a move changes provider', async () => {
    const browser = await ctx.signedIn(SARA);
    await move(browser, '853');
    const options = ZLocationOptions.parse(await okData(browser.fetch('/api/location')));
    expect(options.current).toBe('853');
    expect(options.currentOrganisation).toEqual({ id: ctx.kaarina.id, name: expect.any(String) });
    expect(options.areas.find((a) => a.id === '049')?.organisation.id).toBe(ctx.espoo.id);
  });

  test("organisations are named in the patient's language (issue 28)", async () => {
    await ctx.db.update(organisations).set({ nameSe: 'Esbo distansmottagning' }).where(eq(organisations.id, ctx.espoo.id));
    try {
      const browser = await ctx.signedIn(HELMI);
      await move(browser, '049');
      const sv = ZLocationOptions.parse(await okData(browser.fetch('/api/location?lang=sv')));
      expect(sv.currentOrganisation).toEqual({ id: ctx.espoo.id, name: 'Esbo distansmottagning' });
      expect(sv.areas.find((a) => a.id === '049')?.organisation.name).toBe('Esbo distansmottagning');
      const fi = ZLocationOptions.parse(await okData(browser.fetch('/api/location?lang=fi')));
      expect(fi.currentOrganisation?.name).toBe('Espoon etävastaanotto');
    } finally {
      await ctx.db.update(organisations).set({ nameSe: null }).where(eq(organisations.id, ctx.espoo.id));
    }
  });

  test('not signed in: 101', async () => {
    await expectError(ctx.guest().fetch('/api/location'), 401, 101);
  });
});

describe('POST /api/location', () => {
  test('selects the organisation serving the municipality and remembers the choice; audited', async () => {
    const browser = await ctx.signedIn(MATTI);
    const info = await okData<OrganisationsInfo>(move(browser, '853'));
    expect(info.selectedOrganisation).toBe(ctx.kaarina.id);
    expect((await okData<{ current: string | null }>(browser.fetch('/api/location'))).current).toBe('853');
    const matti = await ctx.patientIdOf(MATTI);
    const [row] = await ctx.db.select().from(patients).where(eq(patients.id, matti));
    expect(row).toMatchObject({ selectedOrganisationId: ctx.kaarina.id, locationCode: '853' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.location.change'), eq(auditLog.actorId, matti)));
    expect(audit).toEqual([expect.objectContaining({ objectId: ctx.kaarina.id })]);
  });

  test('a municipality nobody serves answers 501; an empty one 400', async () => {
    const browser = await ctx.signedIn(MATTI);
    await expectError(move(browser, '005'), 400, 501);
    const body = await expectError(move(browser, ''), 400, 400);
    expect(body.fields).toEqual([expect.objectContaining({ field: 'area', messageKey: 'fields.required' })]);
  });

  test('when several serve it, the first by name wins; hidden organisations do not count', async () => {
    await ctx.db.insert(organisationAreas).values({ organisationId: ctx.kaarina.id, kind: 'municipality', value: '049' });
    try {
      const browser = await ctx.signedIn(HELMI);
      expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(ctx.espoo.id);
      await ctx.db.update(organisations).set({ dontShowOnListingEnabled: true }).where(eq(organisations.id, ctx.espoo.id));
      const areas = (await okData<{ areas: { id: string }[] }>(browser.fetch('/api/location'))).areas.map((a) => a.id);
      expect(areas).not.toContain('091');
      expect(areas).toContain('049');
      expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(ctx.kaarina.id);
      await expectError(move(browser, '091'), 400, 501);
    } finally {
      await ctx.db.update(organisations).set({ dontShowOnListingEnabled: false }).where(eq(organisations.id, ctx.espoo.id));
      await ctx.db
        .delete(organisationAreas)
        .where(and(eq(organisationAreas.organisationId, ctx.kaarina.id), eq(organisationAreas.value, '049')));
    }
  });

  test('changeLocationEnabled off in the current organisation: 403', async () => {
    const browser = await ctx.signedIn(HELMI);
    await onboard(browser, ctx.espoo.id);
    const restore = await ctx.setFlags(ctx.espoo.id, { changeLocationEnabled: false });
    try {
      await expectError(browser.fetch('/api/location'), 403, 403);
      await expectError(move(browser, '853'), 403, 403);
    } finally {
      await restore();
    }
    // Moving needs no accepted terms in the current organisation: it is a way out of it.
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.kaarina.id }));
    expect((await okData<OrganisationsInfo>(move(browser, '049'))).selectedOrganisation).toBe(ctx.espoo.id);
  });

  test('while acting, the principal moves, not the delegate', async () => {
    const browser = await ctx.signedIn(AINO);
    await onboard(browser, ctx.espoo.id);
    await ctx.actFor(browser, LILJA);
    await okData(move(browser, '202'));
    const [lilja] = await ctx.db
      .select()
      .from(patients)
      .where(eq(patients.id, await ctx.patientIdOf(LILJA)));
    const [aino] = await ctx.db
      .select()
      .from(patients)
      .where(eq(patients.id, await ctx.patientIdOf(AINO)));
    expect(lilja).toMatchObject({ selectedOrganisationId: ctx.kaarina.id, locationCode: '202' });
    expect(aino).toMatchObject({ selectedOrganisationId: ctx.espoo.id, locationCode: null });
  });
});
