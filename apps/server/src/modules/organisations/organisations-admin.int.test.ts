import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, organisations } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { pngImage } from '../../test/png';
import { fieldKeys, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { organisationFormData, validBackground, validLogo, validOrganisationFields } from './organisation-form.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
beforeAll(async () => ({ t, espoo, kaarina } = await startStaffTestApp()));
afterAll(() => t.close());

const post = (browser: TestBrowser, path: string, body: FormData) => browser.fetch(path, { method: 'POST', body });

describe('organisation list and get', () => {
  test('not signed in: 101', async () => {
    const browser = new TestBrowser(t.baseUrl);
    for (const path of ['/api/admin/organisation/list', `/api/admin/organisation/get/${espoo}`, '/api/admin/icon/list']) {
      const res = await browser.fetch(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 'error', statusCode: 101 });
    }
  });

  test('an organisation admin lists their own organisations; a global admin lists all', async () => {
    const own = await (await (await staffBrowser(t)).fetch('/api/admin/organisation/list')).json();
    expect(own.data).toEqual({ organisations: [{ id: espoo, name: 'Espoon etävastaanotto' }], selectedOrganisation: espoo });
    const all = await (await (await staffBrowser(t, { isGlobalAdmin: true })).fetch('/api/admin/organisation/list')).json();
    expect(all.data.organisations.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([espoo, kaarina]));
  });

  test('get answers every field, JSON fields as objects, and never a secret', async () => {
    const res = await (await staffBrowser(t)).fetch(`/api/admin/organisation/get/${espoo}`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      id: espoo,
      organizationName: 'Espoon etävastaanotto',
      primaryColor: '#0B4F8A',
      secondaryColor: '#F2F6FA',
      organisationType: 'internal',
      flags: { bookingsEnabled: true, englishEnabled: true },
      areas: { municipalities: expect.arrayContaining(['049', '091']), postalCodes: [] },
      privacyStatementUrl: { fi: { name: 'Tietosuojaseloste' } },
      redirectionLinks: { fi: [], se: [], en: [] },
      dataSaving: { expertMonths: null, adminMonths: null, patientDays: null },
    });
    expect(data.services.map((s: { chatQueueId: string }) => s.chatQueueId).sort()).toEqual([
      'espoo-doctor',
      'espoo-nurse',
      'espoo-physio',
    ]);
    expect(JSON.stringify(data)).not.toMatch(/Encrypted|ninchat/i);
  });

  test('another organisation is not found; a preset without service settings is refused', async () => {
    expect((await (await staffBrowser(t)).fetch(`/api/admin/organisation/get/${kaarina}`)).status).toBe(404);
    const booker = await staffBrowser(t, { preset: 'booker' });
    const res = await booker.fetch(`/api/admin/organisation/get/${espoo}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: 403 });
  });

  test('a global admin gets any organisation', async () => {
    const res = await (await staffBrowser(t, { isGlobalAdmin: true })).fetch(`/api/admin/organisation/get/${kaarina}`);
    expect((await res.json()).data.organizationName).toBe('Kaarinan terveysneuvonta');
  });

  test('the icon list has the five icons with labels in every language', async () => {
    const { data } = await (await (await staffBrowser(t, { preset: 'booker' })).fetch('/api/admin/icon/list')).json();
    expect(data.map((i: { id: string }) => i.id)).toEqual(['doctor', 'nurse', 'therapist', 'childDoctor', 'physiotherapist']);
    expect(data[3].label).toEqual({ fi: 'Lastenlääkäri', se: 'Barnläkare', en: 'Child doctor' });
  });
});

describe('creating an organisation (global admin)', () => {
  test('an organisation admin may not create one', async () => {
    const res = await post(
      await staffBrowser(t),
      '/api/admin/organisation/create',
      organisationFormData(validOrganisationFields(), { logo: validLogo() }),
    );
    expect(res.status).toBe(403);
  });

  test('a full form creates it in one go: images, areas, retention in days, audit', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const files = { logo: validLogo(), logoEn: validLogo(), background: validBackground() };
    const res = await post(
      browser,
      '/api/admin/organisation/create',
      organisationFormData(validOrganisationFields('Testikunta Åbo'), files),
    );
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.clientId).toMatch(/^prsp-[0-9a-f]{16}$/);

    const got = (await (await browser.fetch(`/api/admin/organisation/get/${data.id}`)).json()).data;
    expect(got).toMatchObject({
      slug: 'testikunta-abo',
      organizationName: 'Testikunta Åbo',
      contactPersonEmail: 'maija@example.fi',
      organisationType: 'external',
      flags: { bookingsEnabled: true, asyncMessagingEnabled: false, finnishEnabled: true },
      areas: { municipalities: ['049', '091'], postalCodes: ['02100'] },
      surveys: [],
      redirectionSelectedButtons: ['b1'],
      dataSaving: { expertMonths: 6, adminMonths: 12, patientDays: 90 },
      retention: { expertDays: 183, adminDays: 365, patientDays: 90 },
      images: { logo: expect.stringContaining(`/api/files/organisations/${data.id}/logo`), logoSe: null },
    });
    expect(got.images.background).not.toBeNull();

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, data.id));
    expect(audit.map((a) => a.action)).toContain('organisation.create');
  });

  test('the chat platform keys, which configured nothing, are gone: not stored, not answered, not asked (issue 28)', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const fields = { ...validOrganisationFields('Avaimeton kunta'), ninchatSiteKey: 'site-key_12345', ninchatMasterKey: 'bad key!' };
    const res = await post(browser, '/api/admin/organisation/create', organisationFormData(fields, { logo: validLogo() }));
    expect(res.status).toBe(200);
    const got = await (await browser.fetch(`/api/admin/organisation/get/${(await res.json()).data.id}`)).json();
    expect(JSON.stringify(got)).not.toMatch(/ninchat/i);
    const columns = (await t.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'organisations' and column_name like 'ninchat%'`,
    )) as unknown as { rows: unknown[] };
    expect(columns.rows).toEqual([]);
  });

  test("a new organisation's default texts name it in each language (Vantaa / Vanda; issue 28)", async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const fields = { ...validOrganisationFields('Vantaan etävastaanotto'), organizationNameSe: 'Vanda distansmottagning' };
    const res = await post(browser, '/api/admin/organisation/create', organisationFormData(fields, { logo: validLogo() }));
    expect(res.status).toBe(200);
    const got = (await (await browser.fetch(`/api/admin/organisation/get/${(await res.json()).data.id}`)).json()).data;
    expect(got.termsAndConditionsText.se).toContain('Vanda distansmottagning erbjuder');
    expect(got.termsAndConditionsText.fi).toContain('Vantaan etävastaanotto tarjoaa');
    expect(got.termsAndConditionsText.en).toContain('Vantaan etävastaanotto offers');
  });

  test('spec §5 rules answer with their field and message key', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const fields = {
      ...validOrganisationFields(),
      organizationName: '  ',
      contactPerson: '',
      contactPersonEmail: 'not-an-email',
      primaryColor: '#12345',
      secondaryColor: 'blue',
      privacyStatementUrl: JSON.stringify({
        fi: { url: '', name: 'Tietosuoja' },
        se: { url: 'javascript:alert(1)', name: 'Dataskydd' },
        en: { url: 'https://example.fi', name: '' },
      }),
      redirectionLinks: JSON.stringify({ fi: [{ text: '', url: 'https://example.fi' }], se: [], en: [] }),
      redirectionSelectedButtons: JSON.stringify(['b1', 'b2', 'b3']),
      areas: JSON.stringify({ municipalities: ['999'], postalCodes: ['02100'] }),
      serviceInfo: '{not json',
      country: 'xx',
      endOfService: '2025-02-30',
      dataSavingExpertMonths: '-1',
    };
    const res = await post(browser, '/api/admin/organisation/create', organisationFormData(fields));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'error', statusCode: 400 });
    expect(fieldKeys(body)).toMatchObject({
      organizationName: 'fields.required',
      contactPerson: 'fields.required',
      contactPersonEmail: 'fields.email',
      primaryColor: 'fields.colour',
      secondaryColor: 'fields.colour',
      'privacyStatementUrl.fi.url': 'fields.required',
      'privacyStatementUrl.se.url': 'fields.url',
      'privacyStatementUrl.en.name': 'fields.required',
      'redirectionLinks.fi.0.text': 'fields.required',
      redirectionSelectedButtons: 'fields.redirectionButtons',
      'areas.municipalities.0': 'fields.invalid',
      serviceInfo: 'fields.invalid',
      country: 'fields.invalid',
      endOfService: 'fields.date',
      dataSavingExpertMonths: 'fields.invalid',
      logo: 'fields.required',
    });
  });

  test('images are checked on their bytes: wrong shape, wrong type, too large', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="128"></svg>');
    const wrong = await post(
      browser,
      '/api/admin/organisation/create',
      organisationFormData(validOrganisationFields(), { logo: pngImage(300, 200), logoSe: svg, background: pngImage(1080, 1080) }),
    );
    expect(wrong.status).toBe(400);
    expect(fieldKeys(await wrong.json())).toEqual({ logo: 'fields.imageSize', logoSe: 'fields.imageType', background: 'fields.imageSize' });

    const huge = Buffer.concat([validLogo(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooLarge = await post(browser, '/api/admin/organisation/create', organisationFormData(validOrganisationFields(), { logo: huge }));
    expect(tooLarge.status).toBe(413);
    expect(fieldKeys(await tooLarge.json())).toEqual({ logo: 'fields.fileTooLarge' });
  });

  test('multipart limits: a text field over 256 KB is too long; a fifth file is refused', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const long = await post(
      browser,
      '/api/admin/organisation/create',
      organisationFormData({ ...validOrganisationFields(), organizationInfo: 'x'.repeat(257 * 1024) }, { logo: validLogo() }),
    );
    expect(long.status).toBe(400);
    expect(fieldKeys(await long.json())).toEqual({ organizationInfo: 'fields.tooLong' });

    const five = organisationFormData(validOrganisationFields(), {
      logo: validLogo(),
      logoEn: validLogo(),
      logoSe: validLogo(),
      background: validBackground(),
    });
    five.append('extra', new Blob([new Uint8Array(validLogo())], { type: 'image/png' }), 'extra.png');
    expect((await post(browser, '/api/admin/organisation/create', five)).status).toBe(413);
  });

  test('a body that is not multipart is refused', async () => {
    const browser = await staffBrowser(t, { isGlobalAdmin: true });
    const res = await browser.fetch('/api/admin/organisation/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationName: 'x' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('updating an organisation', () => {
  test('changes only what is sent; background null removes the image', async () => {
    const global = await staffBrowser(t, { isGlobalAdmin: true });
    const created = await post(
      global,
      '/api/admin/organisation/create',
      organisationFormData(validOrganisationFields('Päivitettävä'), { logo: validLogo(), background: validBackground() }),
    );
    const { id } = (await created.json()).data;
    const res = await post(
      global,
      '/api/admin/organisation/update',
      organisationFormData({ id, organizationName: 'Päivitetty', background: 'null', swedishEnabled: 'false', dataSavingPatientDays: '' }),
    );
    expect(res.status).toBe(200);
    const got = (await (await global.fetch(`/api/admin/organisation/get/${id}`)).json()).data;
    expect(got).toMatchObject({
      organizationName: 'Päivitetty',
      contactPerson: 'Maija Meikäläinen',
      flags: { swedishEnabled: false, bookingsEnabled: true },
      retention: { expertDays: 183, adminDays: 365, patientDays: null },
      images: { background: null },
    });
    expect(got.images.logo).not.toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    const update = audit.find((a) => a.action === 'organisation.update')!;
    expect(update.details).toEqual({ fields: expect.arrayContaining(['name', 'swedishEnabled', 'patientDays', 'background']) });
  });

  test("an organisation admin updates their own organisation, not another's; view-only is refused", async () => {
    const browser = await staffBrowser(t);
    const own = await post(
      browser,
      '/api/admin/organisation/update',
      organisationFormData({ id: espoo, contactPerson: 'Uusi Yhteyshenkilö' }),
    );
    expect(own.status).toBe(200);
    const other = await post(browser, '/api/admin/organisation/update', organisationFormData({ id: kaarina, contactPerson: 'Hyökkääjä' }));
    expect(other.status).toBe(404);
    const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, kaarina));
    expect(row!.contactPerson).not.toBe('Hyökkääjä');
    const viewer = await staffBrowser(t, { preset: 'operationalAdmin' });
    expect((await post(viewer, '/api/admin/organisation/update', organisationFormData({ id: espoo, contactPerson: 'X' }))).status).toBe(
      403,
    );
  });

  test('the chat texts (/admin/chat/customizable) are saved like the other content and reach the patient config', async () => {
    const browser = await staffBrowser(t);
    const before = (await (await browser.fetch(`/api/admin/organisation/get/${espoo}`)).json()).data;
    expect(before.chatTexts.waiting.fi).not.toBe('');
    const chatTexts = {
      ...before.chatTexts,
      waiting: { fi: 'Odota hetki,\nammattilainen tulee pian.', se: 'Vänta en stund.', en: 'Please wait a moment.' },
    };
    const res = await post(
      browser,
      '/api/admin/organisation/update',
      organisationFormData({ id: espoo, chatTexts: JSON.stringify(chatTexts) }),
    );
    expect(res.status).toBe(200);
    const after = (await (await browser.fetch(`/api/admin/organisation/get/${espoo}`)).json()).data;
    expect(after.chatTexts).toEqual(chatTexts);
    expect(after.thankYouText).toEqual(before.thankYouText);
    const config = (await (await new TestBrowser(t.baseUrl).fetch('/api/config/espoo-demo')).json()).data;
    expect(config.chatTexts).toEqual(chatTexts);

    const tooLong = { ...chatTexts, closed: { ...chatTexts.closed, se: 'x'.repeat(2001) } };
    const refused = await post(
      browser,
      '/api/admin/organisation/update',
      organisationFormData({ id: espoo, chatTexts: JSON.stringify(tooLong) }),
    );
    expect(fieldKeys(await refused.json())).toEqual({ 'chatTexts.closed.se': 'fields.tooLong' });
  });

  test("merged rules: the primary button must be shown; listed services must be the organisation's", async () => {
    const browser = await staffBrowser(t);
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const kaarinaOrg = (await (await kaarinaAdmin.fetch(`/api/admin/organisation/get/${kaarina}`)).json()).data;
    const res = await post(
      browser,
      '/api/admin/organisation/update',
      organisationFormData({
        id: espoo,
        redirectionPrimaryButtons: JSON.stringify(['nope']),
        services: JSON.stringify([{ id: kaarinaOrg.services[0].id, name: { fi: 'x' } }]),
      }),
    );
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      'redirectionPrimaryButtons.0': 'fields.redirectionButtons',
      'services.0': 'fields.invalid',
    });
  });

  test("the services list reorders the organisation's services", async () => {
    const browser = await staffBrowser(t);
    const before = (await (await browser.fetch(`/api/admin/organisation/get/${espoo}`)).json()).data.services;
    const reversed = [...before].reverse().map((s: { id: string }) => ({ id: s.id }));
    expect(
      (await post(browser, '/api/admin/organisation/update', organisationFormData({ id: espoo, services: JSON.stringify(reversed) })))
        .status,
    ).toBe(200);
    const after = (await (await browser.fetch(`/api/admin/organisation/get/${espoo}`)).json()).data.services;
    expect(after.map((s: { id: string }) => s.id)).toEqual(reversed.map((s) => s.id));
  });

  test('postal codes of the service area have five digits', async () => {
    const areas = JSON.stringify({ municipalities: ['049'], postalCodes: ['0210'] });
    const res = await post(await staffBrowser(t), '/api/admin/organisation/update', organisationFormData({ id: espoo, areas }));
    expect(fieldKeys(await res.json())).toEqual({ 'areas.postalCodes.0': 'fields.postalCode' });
  });

  test('a missing id is a field error', async () => {
    const res = await post(await staffBrowser(t), '/api/admin/organisation/update', organisationFormData({ contactPerson: 'X' }));
    expect(fieldKeys(await res.json())).toEqual({ id: 'fields.required' });
  });
});
