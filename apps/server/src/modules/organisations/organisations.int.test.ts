import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ZOrganisationsInfo, ZPatientConfig, type OrganisationsInfo, type PatientConfig } from '@prsp/contracts';
import { auditLog, organisationFiles, organisations, patients } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { AINO, ELIAS, HELMI, LILJA, MATTI } from '../../test/person-codes';
import { expectError, okData, patientTestApp, postJson } from '../patients/patient.steps';

const ctx = patientTestApp();

const select = (b: TestBrowser, id: string) => postJson(b, '/api/organisations/select', { selectedOrganisation: id });

describe('GET /api/config/{companyId} (public)', () => {
  test.each([
    ['slug', () => 'espoo-demo'],
    ['id', () => ctx.espoo.id],
    ['client id', () => ctx.espoo.clientId],
  ])('a guest without a session gets the config by %s, exactly the spec shape', async (_by, key) => {
    const res = await ctx.guest().fetch(`/api/config/${key()}`);
    const body = await res.json();
    expect(res.status).toBe(200);
    const config = ZPatientConfig.parse(body.data);
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(config).sort());
    expect(config).toMatchObject({ name: 'Espoon etävastaanotto', actOnBehalf: null, bookingsEnabled: true });
    expect(config.themeOverrides).toEqual({
      logoUrl: null,
      logoUrls: { fi: null, se: null, en: null },
      backgroundUrl: null,
      colors: { primary: '#0B4F8A', background: '#F2F6FA' },
    });
    expect(config.serviceInfoText.fi).toBe(ctx.espoo.content.serviceInfo.fi);
    expect(config.thankYouLinksAddAttentionHeadline).toEqual(ctx.espoo.content.redirectionLinksHeadline);
    expect(config.thankYouLinksResolvedHeadline).toEqual(ctx.espoo.content.redirectionLinksHeadlineSecond);
    expect(config.privacyStatement).toEqual(ctx.espoo.content.privacyStatementUrl);
  });

  test('flags of the other organisation come through as stored', async () => {
    const config = await okData<PatientConfig>(ctx.guest().fetch('/api/config/kaarina-demo'));
    expect(config).toMatchObject({ bookingsEnabled: false, englishEnabled: false, remoteReceptionEnabled: true });
  });

  test('an unknown company answers 404', async () => {
    await expectError(ctx.guest().fetch('/api/config/no-such-company'), 404, 404);
    await expectError(ctx.guest().fetch('/api/config/00000000-0000-4000-8000-000000000000'), 404, 404);
  });

  test('terms HTML is sanitised when served, links mapped, theme images pointed at the file route', async () => {
    const content = {
      ...ctx.espoo.content,
      termsAndConditionsText: {
        fi: '<h2 onclick="x()">Ehdot</h2><script>alert(1)</script><p>Lue <a href="javascript:alert(1)">tämä</a> ja <a href="https://example.fi/ehdot">nämä</a></p><img src=x onerror=alert(1)>',
        se: '<p style="color:red">Villkor</p><iframe src="https://evil.example"></iframe>',
        en: '<ul><li><strong>Terms</strong> <a href="mailto:help@example.fi">mail</a> <a href="http://plain.example">http</a></li></ul>',
      },
      redirectionLinks: { fi: [{ text: 'Apua', url: 'https://apua.example' }], se: [], en: [] },
      redirectionLinksSecond: { fi: [], se: [{ text: 'Länk', url: 'https://lank.example' }], en: [] },
    };
    await ctx.db.update(organisations).set({ content }).where(eq(organisations.id, ctx.espoo.id));
    await ctx.db.insert(organisationFiles).values([
      // Rows as they were before the file store (bytes in the row): still served until uploaded again.
      { organisationId: ctx.espoo.id, kind: 'logo', legacyContentType: 'image/png', legacyData: Buffer.from('89504e47', 'hex') },
      { organisationId: ctx.espoo.id, kind: 'background', legacyContentType: 'image/jpeg', legacyData: Buffer.from('ffd8ffe0', 'hex') },
    ]);
    try {
      const config = await okData<PatientConfig>(ctx.guest().fetch('/api/config/espoo-demo'));
      expect(config.termsAndConditionsText).toEqual({
        fi: '<h2>Ehdot</h2><p>Lue <a>tämä</a> ja <a href="https://example.fi/ehdot">nämä</a></p>',
        se: '<p>Villkor</p>',
        en: '<ul><li><strong>Terms</strong> <a href="mailto:help@example.fi">mail</a> <a>http</a></li></ul>',
      });
      expect(config.thankYouLinksAddAttention.fi).toEqual([{ text: 'Apua', url: 'https://apua.example' }]);
      expect(config.thankYouLinksResolved.se).toEqual([{ text: 'Länk', url: 'https://lank.example' }]);
      const { logoUrl, logoUrls, backgroundUrl } = config.themeOverrides;
      expect(logoUrl).toMatch(new RegExp(`^/api/files/organisations/${ctx.espoo.id}/logo\\?v=\\d+$`));
      expect(logoUrls).toEqual({ fi: logoUrl, se: null, en: null });
      expect(backgroundUrl).toMatch(new RegExp(`^/api/files/organisations/${ctx.espoo.id}/background\\?v=\\d+$`));

      const logo = await ctx.guest().fetch(logoUrl!);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('cache-control')).toBe('public, max-age=300');
      expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(logo.headers.get('content-disposition')).toBe('inline; filename="logo.png"');
      expect(Buffer.from(await logo.arrayBuffer()).toString('hex')).toBe('89504e47');
      await expectError(ctx.guest().fetch(`/api/files/organisations/${ctx.espoo.id}/logoEn`), 404, 404);
      await expectError(ctx.guest().fetch(`/api/files/organisations/${ctx.kaarina.id}/logo`), 404, 404);
      await expectError(ctx.guest().fetch(`/api/files/organisations/${ctx.espoo.id}/secrets`), 404, 404);
      await expectError(ctx.guest().fetch('/api/files/organisations/not-a-uuid/logo'), 404, 404);
    } finally {
      await ctx.db.update(organisations).set({ content: ctx.espoo.content }).where(eq(organisations.id, ctx.espoo.id));
      await ctx.db.delete(organisationFiles).where(eq(organisationFiles.organisationId, ctx.espoo.id));
    }
  });
});

describe('GET /api/config (the caller’s organisation)', () => {
  test('not signed in: 101', async () => {
    await expectError(ctx.guest().fetch('/api/config'), 401, 101);
  });

  test('signed in without an organisation: 404; after choosing one, its config', async () => {
    const browser = await ctx.signedIn(MATTI);
    await expectError(browser.fetch('/api/config'), 404, 404);
    await okData(select(browser, ctx.kaarina.id));
    const config = ZPatientConfig.parse(await okData(browser.fetch('/api/config')));
    expect(config.name).toBe('Kaarinan terveysneuvonta');
    expect(config.actOnBehalf).toBeNull();
  });

  test('while acting, actOnBehalf names the principal, and the config is the principal’s organisation', async () => {
    const browser = await ctx.signedIn(AINO);
    await okData(select(browser, ctx.espoo.id));
    await ctx.actFor(browser, LILJA);
    await expectError(browser.fetch('/api/config'), 404, 404);
    await okData(select(browser, ctx.kaarina.id));
    const config = await okData<PatientConfig>(browser.fetch('/api/config'));
    expect(config.name).toBe('Kaarinan terveysneuvonta');
    expect(config.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
    const byCompany = await okData<PatientConfig>(browser.fetch('/api/config/espoo-demo'));
    expect(byCompany.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
    // The delegate's own choice is untouched.
    const [own] = await ctx.db
      .select()
      .from(patients)
      .where(eq(patients.id, await ctx.patientIdOf(AINO)));
    expect(own!.selectedOrganisationId).toBe(ctx.espoo.id);
    await ctx.actFor(browser, null);
    expect((await okData<PatientConfig>(browser.fetch('/api/config'))).actOnBehalf).toBeNull();
  });
});

describe('organisations list and choice', () => {
  test('not signed in: 101 for the list and the choice', async () => {
    await expectError(ctx.guest().fetch('/api/organisations'), 401, 101);
    const anonymous = ctx.guest();
    await anonymous.fetch('/api/list/countries');
    await expectError(select(anonymous, ctx.espoo.id), 401, 101);
  });

  test('lists organisations by name; hidden ones only while selected; choosing is audited', async () => {
    const browser = await ctx.signedIn(HELMI);
    const before = ZOrganisationsInfo.parse(await okData(browser.fetch('/api/organisations')));
    expect(before).toEqual({
      organisations: [
        { id: ctx.espoo.id, name: 'Espoon etävastaanotto' },
        { id: ctx.kaarina.id, name: 'Kaarinan terveysneuvonta' },
      ],
      selectedOrganisation: null,
    });
    const chosen = await okData<OrganisationsInfo>(select(browser, ctx.kaarina.id));
    expect(chosen.selectedOrganisation).toBe(ctx.kaarina.id);
    const helmi = await ctx.patientIdOf(HELMI);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'patient.organisation.select'));
    expect(audit.find((a) => a.actorId === helmi)).toMatchObject({ objectId: ctx.kaarina.id, onBehalfOf: null });

    await ctx.db.update(organisations).set({ dontShowOnListingEnabled: true }).where(eq(organisations.id, ctx.kaarina.id));
    try {
      const hiddenButSelected = await okData<OrganisationsInfo>(browser.fetch('/api/organisations'));
      expect(hiddenButSelected.organisations.map((o) => o.id)).toEqual([ctx.espoo.id, ctx.kaarina.id]);
      const other = await ctx.signedIn(ELIAS);
      expect((await okData<OrganisationsInfo>(other.fetch('/api/organisations'))).organisations.map((o) => o.id)).toEqual([ctx.espoo.id]);
      await expectError(select(other, ctx.kaarina.id), 404, 404);
      // Re-choosing the hidden one already selected is not refused.
      await okData(select(browser, ctx.kaarina.id));
    } finally {
      await ctx.db.update(organisations).set({ dontShowOnListingEnabled: false }).where(eq(organisations.id, ctx.kaarina.id));
    }
  });

  test('an unknown organisation is refused with 404; a missing one with a field error', async () => {
    const browser = await ctx.signedIn(HELMI);
    await expectError(select(browser, '00000000-0000-4000-8000-000000000000'), 404, 404);
    await expectError(select(browser, 'espoo-demo'), 404, 404);
    const body = await expectError(postJson(browser, '/api/organisations/select', {}), 400, 400);
    expect(body.fields).toEqual([{ field: 'selectedOrganisation', messageKey: 'fields.required', message: 'Pakollinen kenttä.' }]);
  });

  test('one patient’s choice is not another’s', async () => {
    const a = await ctx.signedIn(MATTI);
    const b = await ctx.signedIn(ELIAS);
    await okData(select(a, ctx.espoo.id));
    await okData(select(b, ctx.kaarina.id));
    expect((await okData<OrganisationsInfo>(a.fetch('/api/organisations'))).selectedOrganisation).toBe(ctx.espoo.id);
    expect((await okData<OrganisationsInfo>(b.fetch('/api/organisations'))).selectedOrganisation).toBe(ctx.kaarina.id);
  });
});
