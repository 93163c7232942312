import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { AINO, ELIAS, HELMI, LILJA, SARA } from '../../test/person-codes';
import { startOnBehalfApp, type OnBehalfSteps } from './on-behalf.steps';

let t: TestApp;
let steps: OnBehalfSteps;
beforeAll(async () => ({ t, steps } = await startOnBehalfApp()));
afterAll(() => t.close());

describe('not signed in', () => {
  test('set sends the browser to the authentication page', async () => {
    const res = await new TestBrowser(t.baseUrl).fetch('/api/on-behalf/set');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/authentication');
  });

  test('clear answers 101', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.fetch('/api/health');
    const res = await steps.clear(browser);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 'error', statusCode: 101, errorKey: 'errors.notAuthenticated' });
  });

  test('the callback sends the browser to the authentication page', async () => {
    const res = await new TestBrowser(t.baseUrl).fetch('/api/on-behalf/callback?code=x&state=y');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/authentication');
  });
});

describe('who may start', () => {
  test('without a selected organisation: notAllowed, no flow cookie', async () => {
    const browser = await steps.signedIn(ELIAS);
    const res = await browser.fetch('/api/on-behalf/set');
    expect(res.headers.get('location')).toBe('/landing?onBehalfError=notAllowed');
    expect(browser.cookie('prsp_mandate')).toBeUndefined();
  });

  test("without the organisation's terms accepted: notAllowed", async () => {
    const browser = await steps.signedIn(HELMI);
    await steps.onboard(HELMI, 'espoo-demo', { terms: false });
    const res = await browser.fetch('/api/on-behalf/set');
    expect(res.headers.get('location')).toBe('/landing?onBehalfError=notAllowed');
  });

  test('in an organisation with actingEnabled off: notAllowed', async () => {
    const browser = await steps.signedIn(SARA);
    await steps.onboard(SARA, 'kaarina-demo');
    await steps.setFlag('kaarina-demo', 'actingEnabled', false);
    try {
      const res = await browser.fetch('/api/on-behalf/set');
      expect(res.headers.get('location')).toBe('/landing?onBehalfError=notAllowed');
    } finally {
      await steps.setFlag('kaarina-demo', 'actingEnabled', true);
    }
  });

  test('a person without mandates is told so on the selection page and can return: cancelled', async () => {
    const browser = await steps.signedIn(SARA);
    await steps.onboard(SARA, 'kaarina-demo');
    const chooser = await steps.reachChooser(browser, '?lang=en');
    expect(chooser.html).toContain('<html lang="en">');
    expect(chooser.html).toContain('You have no mandates');
    expect(chooser.html).toContain('Return to the service');
    const callback = await steps.choose(browser, chooser.action, { cancel: '1' });
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    expect(await steps.land(browser, callback)).toBe('/landing?onBehalfError=cancelled');
  });
});

describe('a started flow', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await steps.signedIn(AINO);
    await steps.onboard(AINO);
  });

  test('cancelled at the selection page: cancelled, nothing changes', async () => {
    expect(await steps.pick(browser, { cancel: '1' })).toBe('/landing?onBehalfError=cancelled');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
  });

  test('with a forged state: failed, and the real state is void afterwards too', async () => {
    const chooser = await steps.reachChooser(browser);
    const callback = new URL(await steps.choose(browser, chooser.action, { principal: LILJA }));
    const forged = new URL(callback);
    forged.searchParams.set('state', randomBytes(32).toString('base64url'));
    expect(await steps.land(browser, forged.href)).toBe('/landing?onBehalfError=failed');
    expect(await steps.land(browser, callback.href)).toBe('/landing?onBehalfError=failed');
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
  });

  test('carried with its state cookie to another session: failed', async () => {
    const chooser = await steps.reachChooser(browser);
    const callback = await steps.choose(browser, chooser.action, { principal: LILJA });
    const other = await steps.signedIn(AINO);
    other.setCookie('prsp_mandate', browser.cookie('prsp_mandate')!);
    expect(await steps.land(other, callback)).toBe('/landing?onBehalfError=failed');
    expect((await steps.sessionRow(other)).actingForPatientId).toBeNull();
  });

  test('an over-long or odd callback query: failed, not a JSON error', async () => {
    const chooser = await steps.reachChooser(browser);
    const callback = new URL(await steps.choose(browser, chooser.action, { principal: LILJA }));
    callback.searchParams.set('code', 'x'.repeat(2000));
    expect(await steps.land(browser, callback.href)).toBe('/landing?onBehalfError=failed');
  });

  test('refused when acting is switched off while the person is at the selection page', async () => {
    const chooser = await steps.reachChooser(browser);
    const callback = await steps.choose(browser, chooser.action, { principal: LILJA });
    await steps.setFlag('espoo-demo', 'actingEnabled', false);
    try {
      expect(await steps.land(browser, callback)).toBe('/landing?onBehalfError=notAllowed');
    } finally {
      await steps.setFlag('espoo-demo', 'actingEnabled', true);
    }
    expect((await steps.sessionRow(browser)).actingForPatientId).toBeNull();
  });

  test('terms switched off in the organisation count as accepted', async () => {
    const helmi = await steps.signedIn(HELMI);
    await steps.onboard(HELMI, 'kaarina-demo', { terms: false });
    await steps.setFlag('kaarina-demo', 'termsAndConditionsEnabled', false);
    try {
      await steps.reachChooser(helmi);
    } finally {
      await steps.setFlag('kaarina-demo', 'termsAndConditionsEnabled', true);
    }
  });
});
