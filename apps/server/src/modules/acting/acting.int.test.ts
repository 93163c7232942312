import { ageOn, parseSsn } from '@prsp/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { patients } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { reachCallback, setCookieAttributes } from '../../test/login.steps';
import type { TestApp } from '../../test/test-app';
import { AINO, ELIAS, HELMI, LILJA, MATTI } from '../../test/person-codes';
import { startOnBehalfApp, type OnBehalfSteps } from './on-behalf.steps';

let t: TestApp;
let steps: OnBehalfSteps;
beforeAll(async () => ({ t, steps } = await startOnBehalfApp()));
afterAll(() => t.close());

describe('Aino acts on behalf of her daughter Lilja', () => {
  let browser: TestBrowser;
  let aino: string;
  let lilja: string;
  let chooser: { html: string; url: string; action: string };
  let callbackUrl: string;

  beforeAll(async () => {
    browser = await steps.signedIn(AINO);
    await steps.onboard(AINO);
    aino = await steps.patientId(AINO);
    lilja = await steps.patientId(LILJA);
  });

  test('set registers a Web API session and sends the browser to the authorize page with a flow cookie', async () => {
    const res = await browser.fetch('/api/on-behalf/set');
    expect(res.status).toBe(303);
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${t.baseUrl}/test-mandates/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(t.config.mandates.clientId);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/on-behalf/callback`);
    expect(authorize.searchParams.get('lang')).toBe('fi');
    expect(authorize.searchParams.get('user')).toBeTruthy();
    const cookie = setCookieAttributes(res, 'prsp_mandate');
    expect(cookie?.value).toBe(authorize.searchParams.get('state'));
    expect(cookie?.attrs.has('httponly')).toBe(true);
    expect(cookie?.attrs.get('samesite')).toBe('Lax');
    expect(cookie?.attrs.get('path')).toBe('/');
    expect(cookie?.attrs.get('max-age')).toBe('600');
  });

  test('the selection page offers her two children, in Finnish, with labels and headings', async () => {
    chooser = await steps.reachChooser(browser);
    expect(chooser.html).toContain('<html lang="fi">');
    expect(chooser.html).toMatch(/<h1>Testivaltuudet<\/h1>/);
    expect(chooser.html).toMatch(/<h2>Kenen puolesta asioit\?<\/h2>/);
    expect(chooser.html).toContain('<label for="principal-0">Lilja Virtanen');
    expect(chooser.html).toContain('<label for="principal-1">Elias Virtanen');
    expect(chooser.html).not.toContain('Helmi');
    expect(chooser.html).not.toMatch(/<script/i);
  });

  test('choosing Lilja returns to the callback, which lands on /landing acting for Lilja', async () => {
    callbackUrl = await steps.choose(browser, chooser.action, { principal: LILJA });
    const params = new URL(callbackUrl).searchParams;
    expect(params.get('code')).toBeTruthy();
    expect(params.get('state')).toBe(browser.cookie('prsp_mandate'));
    const res = await browser.fetch(callbackUrl);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/landing');
    expect(setCookieAttributes(res, 'prsp_mandate')?.attrs.get('max-age')).toBe('0');

    const session = await steps.sessionRow(browser);
    expect(session.patientId).toBe(aino);
    expect(session.actingForPatientId).toBe(lilja);
  });

  test("Lilja's business is in the organisation Aino chose", async () => {
    const rows = await t.database.db
      .select({ id: patients.id, organisationId: patients.selectedOrganisationId })
      .from(patients)
      .where(inArray(patients.id, [aino, lilja]));
    const byId = new Map(rows.map((r) => [r.id, r.organisationId]));
    expect(byId.get(lilja)).toBeTruthy();
    expect(byId.get(lilja)).toBe(byId.get(aino));
  });

  test('the start is audited with Aino as actor, on behalf of Lilja, with the address', async () => {
    const [row] = await steps.auditRows('patient.actOnBehalf.start', aino);
    expect(row).toMatchObject({ actorType: 'patient', actorId: aino, onBehalfOf: lilja, objectType: 'patient', objectId: lilja });
    expect(row!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(row)).not.toContain(LILJA);
  });

  test("the session now works on Lilja's data", async () => {
    const res = await browser.fetch('/api/user/stripped-token');
    const { data } = await res.json();
    expect(data.age).toBe(ageOn(parseSsn(LILJA)!.birthDate, new Date()));
  });

  test('the same callback cannot be used again, with or without the state cookie', async () => {
    expect(await steps.land(browser, callbackUrl)).toBe('/landing?onBehalfError=failed');
    browser.setCookie('prsp_mandate', new URL(callbackUrl).searchParams.get('state')!);
    expect(await steps.land(browser, callbackUrl)).toBe('/landing?onBehalfError=failed');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBe(lilja);
  });

  test('clear without the CSRF header is refused and changes nothing', async () => {
    const res = await steps.clear(browser, false);
    expect(res.status).toBe(403);
    expect((await steps.sessionRow(browser)).actingForPatientId).toBe(lilja);
  });

  test('clear returns her to herself, answers ok and is audited', async () => {
    const res = await steps.clear(browser);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', statusCode: 200, data: null });
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
    const [row] = await steps.auditRows('patient.actOnBehalf.end', aino);
    expect(row).toMatchObject({ actorType: 'patient', actorId: aino, onBehalfOf: lilja, objectId: lilja });
    const again = await steps.clear(browser);
    expect(again.status).toBe(200);
  });

  test('she may then act for Elias instead, with the pages in Swedish', async () => {
    const page = await steps.reachChooser(browser, '?lang=sv');
    expect(new URL(page.url).searchParams.get('lang')).toBe('sv');
    expect(page.html).toContain('<html lang="sv">');
    expect(page.html).toContain('För vems räkning');
    expect(await steps.land(browser, await steps.choose(browser, page.action, { principal: ELIAS }))).toBe('/landing');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBe(await steps.patientId(ELIAS));
  });

  test('signing out ends the session; a new sign-in starts without acting', async () => {
    const before = await steps.sessionRow(browser);
    expect((await browser.fetch('/api/logout', { method: 'POST' })).status).toBe(200);
    expect(browser.cookie('prsp_session')).toBeUndefined();
    const [logout] = await steps.auditRows('patient.logout', aino);
    expect(logout).toMatchObject({ actorId: aino, onBehalfOf: await steps.patientId(ELIAS), objectId: before.id });
    // The provider still remembers her, so it sends the browser straight back to the callback.
    await browser.fetch(await reachCallback(browser, AINO));
    const after = await steps.sessionRow(browser);
    expect(after.id).not.toBe(before.id);
    expect(after.patientId).toBe(aino);
    expect(after.actingForPatientId).toBeNull();
  });
});

describe('Matti, who holds a mandate for Helmi only', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await steps.signedIn(MATTI);
    await steps.onboard(MATTI);
  });

  test('cannot act for Lilja by tampering with the selection form: DISALLOWED gives notAllowed', async () => {
    const chooser = await steps.reachChooser(browser, '?lang=en');
    expect(chooser.html).toContain('<label for="principal-0">Helmi Laine');
    expect(chooser.html).not.toContain('Lilja');
    const callback = await steps.choose(browser, chooser.action, { principal: LILJA });
    expect(await steps.land(browser, callback)).toBe('/landing?onBehalfError=notAllowed');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
    expect(await steps.auditRows('patient.actOnBehalf.start', await steps.patientId(MATTI))).toHaveLength(0);
  });

  test('cannot act on his own behalf either', async () => {
    expect(await steps.pick(browser, { principal: MATTI })).toBe('/landing?onBehalfError=notAllowed');
  });

  test('a principal with an invalid identity code is refused', async () => {
    expect(await steps.pick(browser, { principal: '010190-1234' })).toBe('/landing?onBehalfError=failed');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
  });

  test('can act for Helmi', async () => {
    expect(await steps.pick(browser, { principal: HELMI })).toBe('/landing');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBe(await steps.patientId(HELMI));
  });
});
