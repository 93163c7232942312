import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances';

/**
 * The built-in provider behaves as one provider whichever instance answers and across a restart: its interactions,
 * the names typed on its page and its signing key are in the database (db-adapter.ts), not in a process.
 */

// A person the provider's list does not know: their names exist only as typed on the page.
const TYPED = { ssn: '010160W1359', givenName: 'Veikko', familyName: 'Testinen' };

/** The provider's interaction cookie (signed), which binds the page's form to the browser's sign-in. */
const INTERACTION_COOKIES = ['_interaction', '_interaction.sig'];

let database: Database;
let a: TestApp;
let b: TestApp;
let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances();
  ({ database, a, b } = cluster);
});
afterAll(() => cluster?.close());

/** Starts a sign-in at the product and stops on the provider's page; returns the page's path. */
async function openSignInPage(browser: TestBrowser): Promise<string> {
  const page = await browser.follow('/api/login');
  expect(page.res.status).toBe(200);
  expect(page.url).toMatch(/\/test-idp\/interaction\/[^/]+$/);
  return new URL(page.url).pathname;
}

async function submitPage(browser: TestBrowser, pagePath: string): Promise<Response> {
  return browser.fetch(`${pagePath}/login`, {
    method: 'POST',
    body: new URLSearchParams(TYPED),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
}

async function expectSignedInAsTyped(browser: TestBrowser) {
  const info = await browser.fetch('/api/user/info');
  expect(info.status).toBe(200);
  expect(await info.json()).toMatchObject({ status: 'ok', data: { firstName: TYPED.givenName, lastName: TYPED.familyName } });
}

describe('two instances on one database', () => {
  test('a sign-in whose page one instance showed is completed on the other, with the names typed there', async () => {
    const onA = new TestBrowser(a.baseUrl);
    const pagePath = await openSignInPage(onA);

    // The form goes to the other instance, as a load balancer may send it.
    const onB = new TestBrowser(b.baseUrl);
    for (const name of INTERACTION_COOKIES) onB.setCookie(name, onA.cookie(name)!);
    const submitted = await submitPage(onB, pagePath);
    expect(submitted.status).toBe(303);

    // Back on the first: the provider resumes the interaction B finished and issues the code for the person B saw.
    const done = await onA.follow(submitted.headers.get('location')!);
    expect(new URL(done.url).pathname).toBe('/');
    await expectSignedInAsTyped(onA);
  });

  test('both serve the same signing key', async () => {
    const jwks = async (t: TestApp) => (await fetch(`${t.config.oidc.issuer}/jwks`)).json();
    const [ofA, ofB] = await Promise.all([jwks(a), jwks(b)]);
    expect(ofA).toMatchObject({ keys: [{ kty: 'RSA', kid: 'test-idp' }] });
    expect(ofB).toEqual(ofA);
  });
});

describe('a restart', () => {
  let first: TestApp;
  let restarted: FastifyInstance | undefined;
  beforeAll(async () => {
    first = await startTestApp({}, { database });
  });
  afterAll(async () => {
    await restarted?.close();
    // Closes the first app again (a no-op) and removes its files folder.
    await first?.close();
  });

  test('a sign-in started before the restart is completed after it, against an unchanged key', async () => {
    const browser = new TestBrowser(first.baseUrl);
    const pagePath = await openSignInPage(browser);
    const keysBefore = await (await fetch(`${first.config.oidc.issuer}/jwks`)).json();

    // The same configuration and address, a new process's worth of app: nothing carried over but the database.
    await first.app.close();
    restarted = await buildApp({ config: first.config, database });
    await restarted.listen({ host: '127.0.0.1', port: first.config.port });

    expect(await (await fetch(`${first.config.oidc.issuer}/jwks`)).json()).toEqual(keysBefore);
    const submitted = await submitPage(browser, pagePath);
    expect(submitted.status).toBe(303);
    const done = await browser.follow(submitted.headers.get('location')!);
    expect(new URL(done.url).pathname).toBe('/');
    await expectSignedInAsTyped(browser);
  });
});
