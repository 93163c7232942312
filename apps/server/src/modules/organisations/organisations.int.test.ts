import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZOrganisationsInfo, ZPatientConfig, type OrganisationsInfo, type PatientConfig } from '@prsp/contracts';
import { auditLog, organisationFiles, organisations, patients } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  actFor,
  AINO,
  ELIAS,
  expectError,
  HELMI,
  LILJA,
  MATTI,
  okData,
  organisationBySlug,
  patientIdOf,
  postJson,
  signedIn,
} from '../patients/patient-test-steps';

let t: TestApp;
let espoo: Awaited<ReturnType<typeof organisationBySlug>>;
let kaarina: Awaited<ReturnType<typeof organisationBySlug>>;
beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationBySlug(t, 'espoo-demo');
  kaarina = await organisationBySlug(t, 'kaarina-demo');
});
afterAll(() => t.close());

const guest = () => new TestBrowser(t.baseUrl);
const select = (b: TestBrowser, id: string) => postJson(b, '/api/organisations/select', { selectedOrganisation: id });

describe('GET /api/config/{companyId} (public)', () => {
  test.each([
    ['slug', () => 'espoo-demo'],
    ['id', () => espoo.id],
    ['client id', () => espoo.clientId],
  ])('a guest without a session gets the config by %s, exactly the spec shape', async (_by, key) => {
    const res = await guest().fetch(`/api/config/${key()}`);
    const body = await res.json();
    expect(res.status).toBe(200);
    const config = ZPatientConfig.parse(body.data);
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(config).sort());
    expect(config).toMatchObject({ name: 'Espoon etävastaanotto', actOnBehalf: null, bookingsEnabled: true, ninchatSiteKey: null });
    expect(config.themeOverrides).toEqual({
      logoUrl: null,
      logoUrls: { fi: null, se: null, en: null },
      backgroundUrl: null,
      colors: { primary: '#0B4F8A', background: '#F2F6FA' },
    });
    expect(config.serviceInfoText.fi).toBe(espoo.content.serviceInfo.fi);
    expect(config.thankYouLinksAddAttentionHeadline).toEqual(espoo.content.redirectionLinksHeadline);
    expect(config.thankYouLinksResolvedHeadline).toEqual(espoo.content.redirectionLinksHeadlineSecond);
    expect(config.privacyStatement).toEqual(espoo.content.privacyStatementUrl);
  });

  test('flags of the other organisation come through as stored', async () => {
    const config = await okData<PatientConfig>(guest().fetch('/api/config/kaarina-demo'));
    expect(config).toMatchObject({ bookingsEnabled: false, englishEnabled: false, remoteReceptionEnabled: true });
  });

  test('an unknown company answers 404', async () => {
    await expectError(guest().fetch('/api/config/no-such-company'), 404, 404);
    await expectError(guest().fetch('/api/config/00000000-0000-4000-8000-000000000000'), 404, 404);
  });

  test('terms HTML is sanitised when served, links mapped, theme images pointed at the file route', async () => {
    const content = {
      ...espoo.content,
      termsAndConditionsText: {
        fi: '<h2 onclick="x()">Ehdot</h2><script>alert(1)</script><p>Lue <a href="javascript:alert(1)">tämä</a> ja <a href="https://example.fi/ehdot">nämä</a></p><img src=x onerror=alert(1)>',
        se: '<p style="color:red">Villkor</p><iframe src="https://evil.example"></iframe>',
        en: '<ul><li><strong>Terms</strong> <a href="mailto:help@example.fi">mail</a> <a href="http://plain.example">http</a></li></ul>',
      },
      redirectionLinks: { fi: [{ text: 'Apua', url: 'https://apua.example' }], se: [], en: [] },
      redirectionLinksSecond: { fi: [], se: [{ text: 'Länk', url: 'https://lank.example' }], en: [] },
    };
    await t.database.db.update(organisations).set({ content, ninchatSiteKey: 'site-key-1' }).where(eq(organisations.id, espoo.id));
    await t.database.db.insert(organisationFiles).values([
      { organisationId: espoo.id, kind: 'logo', contentType: 'image/png', data: Buffer.from('89504e47', 'hex') },
      { organisationId: espoo.id, kind: 'background', contentType: 'image/jpeg', data: Buffer.from('ffd8ffe0', 'hex') },
    ]);
    try {
      const config = await okData<PatientConfig>(guest().fetch('/api/config/espoo-demo'));
      expect(config.termsAndConditionsText).toEqual({
        fi: '<h2>Ehdot</h2><p>Lue <a>tämä</a> ja <a href="https://example.fi/ehdot">nämä</a></p>',
        se: '<p>Villkor</p>',
        en: '<ul><li><strong>Terms</strong> <a href="mailto:help@example.fi">mail</a> <a>http</a></li></ul>',
      });
      expect(config.thankYouLinksAddAttention.fi).toEqual([{ text: 'Apua', url: 'https://apua.example' }]);
      expect(config.thankYouLinksResolved.se).toEqual([{ text: 'Länk', url: 'https://lank.example' }]);
      expect(config.ninchatSiteKey).toBe('site-key-1');
      const { logoUrl, logoUrls, backgroundUrl } = config.themeOverrides;
      expect(logoUrl).toMatch(new RegExp(`^/api/files/organisations/${espoo.id}/logo\\?v=\\d+$`));
      expect(logoUrls).toEqual({ fi: logoUrl, se: null, en: null });
      expect(backgroundUrl).toMatch(new RegExp(`^/api/files/organisations/${espoo.id}/background\\?v=\\d+$`));

      const logo = await guest().fetch(logoUrl!);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('cache-control')).toBe('public, max-age=300');
      expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await logo.arrayBuffer()).toString('hex')).toBe('89504e47');
      await expectError(guest().fetch(`/api/files/organisations/${espoo.id}/logoEn`), 404, 404);
      await expectError(guest().fetch(`/api/files/organisations/${kaarina.id}/logo`), 404, 404);
      await expectError(guest().fetch(`/api/files/organisations/${espoo.id}/secrets`), 404, 404);
      await expectError(guest().fetch('/api/files/organisations/not-a-uuid/logo'), 404, 404);
    } finally {
      await t.database.db.update(organisations).set({ content: espoo.content, ninchatSiteKey: null }).where(eq(organisations.id, espoo.id));
      await t.database.db.delete(organisationFiles).where(eq(organisationFiles.organisationId, espoo.id));
    }
  });
});

describe('GET /api/config (the caller’s organisation)', () => {
  test('not signed in: 101', async () => {
    await expectError(guest().fetch('/api/config'), 401, 101);
  });

  test('signed in without an organisation: 404; after choosing one, its config', async () => {
    const browser = await signedIn(t, MATTI);
    await expectError(browser.fetch('/api/config'), 404, 404);
    await okData(select(browser, kaarina.id));
    const config = ZPatientConfig.parse(await okData(browser.fetch('/api/config')));
    expect(config.name).toBe('Kaarinan terveysneuvonta');
    expect(config.actOnBehalf).toBeNull();
  });

  test('while acting, actOnBehalf names the principal, and the config is the principal’s organisation', async () => {
    const browser = await signedIn(t, AINO);
    await okData(select(browser, espoo.id));
    await actFor(t, browser, LILJA);
    await expectError(browser.fetch('/api/config'), 404, 404);
    await okData(select(browser, kaarina.id));
    const config = await okData<PatientConfig>(browser.fetch('/api/config'));
    expect(config.name).toBe('Kaarinan terveysneuvonta');
    expect(config.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
    const byCompany = await okData<PatientConfig>(browser.fetch('/api/config/espoo-demo'));
    expect(byCompany.actOnBehalf).toEqual({ ssn: LILJA, name: 'Lilja Virtanen' });
    // The delegate's own choice is untouched.
    const [own] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.id, await patientIdOf(t, AINO)));
    expect(own!.selectedOrganisationId).toBe(espoo.id);
    await actFor(t, browser, null);
    expect((await okData<PatientConfig>(browser.fetch('/api/config'))).actOnBehalf).toBeNull();
  });
});

describe('organisations list and choice', () => {
  test('not signed in: 101 for the list and the choice', async () => {
    await expectError(guest().fetch('/api/organisations'), 401, 101);
    const anonymous = guest();
    await anonymous.fetch('/api/list/countries');
    await expectError(select(anonymous, espoo.id), 401, 101);
  });

  test('lists organisations by name; hidden ones only while selected; choosing is audited', async () => {
    const browser = await signedIn(t, HELMI);
    const before = ZOrganisationsInfo.parse(await okData(browser.fetch('/api/organisations')));
    expect(before).toEqual({
      organisations: [
        { id: espoo.id, name: 'Espoon etävastaanotto' },
        { id: kaarina.id, name: 'Kaarinan terveysneuvonta' },
      ],
      selectedOrganisation: null,
    });
    const chosen = await okData<OrganisationsInfo>(select(browser, kaarina.id));
    expect(chosen.selectedOrganisation).toBe(kaarina.id);
    const helmi = await patientIdOf(t, HELMI);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'patient.organisation.select'));
    expect(audit.find((a) => a.actorId === helmi)).toMatchObject({ objectId: kaarina.id, onBehalfOf: null });

    await t.database.db.update(organisations).set({ dontShowOnListingEnabled: true }).where(eq(organisations.id, kaarina.id));
    try {
      const hiddenButSelected = await okData<OrganisationsInfo>(browser.fetch('/api/organisations'));
      expect(hiddenButSelected.organisations.map((o) => o.id)).toEqual([espoo.id, kaarina.id]);
      const other = await signedIn(t, ELIAS);
      expect((await okData<OrganisationsInfo>(other.fetch('/api/organisations'))).organisations.map((o) => o.id)).toEqual([espoo.id]);
      await expectError(select(other, kaarina.id), 404, 404);
      // Re-choosing the hidden one already selected is not refused.
      await okData(select(browser, kaarina.id));
    } finally {
      await t.database.db.update(organisations).set({ dontShowOnListingEnabled: false }).where(eq(organisations.id, kaarina.id));
    }
  });

  test('an unknown organisation is refused with 404; a missing one with a field error', async () => {
    const browser = await signedIn(t, HELMI);
    await expectError(select(browser, '00000000-0000-4000-8000-000000000000'), 404, 404);
    await expectError(select(browser, 'espoo-demo'), 404, 404);
    const body = await expectError(postJson(browser, '/api/organisations/select', {}), 400, 400);
    expect(body.fields).toEqual([{ field: 'selectedOrganisation', messageKey: 'fields.required', message: 'Pakollinen kenttä.' }]);
  });

  test('one patient’s choice is not another’s', async () => {
    const a = await signedIn(t, MATTI);
    const b = await signedIn(t, ELIAS);
    await okData(select(a, espoo.id));
    await okData(select(b, kaarina.id));
    expect((await okData<OrganisationsInfo>(a.fetch('/api/organisations'))).selectedOrganisation).toBe(espoo.id);
    expect((await okData<OrganisationsInfo>(b.fetch('/api/organisations'))).selectedOrganisation).toBe(kaarina.id);
  });
});
