/**
 * Steps the patient-side integration tests share: sign in, choose an organisation, accept terms,
 * act on someone's behalf, switch flags. Test support only; no production code imports this.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FeatureFlags } from '@prsp/contracts';
import { organisations, patients, sessions } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { sha256 } from '../../platform/crypto/tokens';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';

export const VALID_CONTACT = {
  street: 'Mannerheimintie 1',
  code: '00100',
  city: 'Helsinki',
  mobile: '+358401234567',
  email: 'aino.virtanen@example.fi',
  country: 'fi',
  nationality: 'fi',
};

export async function signedIn(t: TestApp, ssn: string): Promise<TestBrowser> {
  const browser = new TestBrowser(t.baseUrl);
  await browser.signIn(ssn);
  // A GET hands out the CSRF cookie that mutating requests echo.
  await browser.fetch('/api/auth/check');
  return browser;
}

export function postJson(browser: TestBrowser, path: string, body?: unknown): Promise<Response> {
  return browser.fetch(path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The answer's data after checking it is a 200 success envelope. */
export async function okData<T = unknown>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}

/** Checks an error answer's HTTP status and catalogue code; returns the body for further checks. */
export async function expectError(res: Response | Promise<Response>, http: number, statusCode: number) {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status, statusCode: body.statusCode }).toEqual({ http, status: 'error', statusCode });
  return body as { errorKey: string; message: string; fields?: { field: string; messageKey: string; message: string }[] };
}

export async function organisationBySlug(t: TestApp, slug: string) {
  const [row] = await t.database.db.select().from(organisations).where(eq(organisations.slug, slug));
  if (!row) throw new Error(`no organisation ${slug}`);
  return row;
}

export async function patientIdOf(t: TestApp, ssn: string): Promise<string> {
  const hash = createFieldCipher(t.config.dataKey).keyedHash(ssn);
  const [row] = await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.ssnHash, hash));
  if (!row) throw new Error('unknown test person');
  return row.id;
}

/** Chooses an organisation and accepts its terms through the API, as the onboarding does. */
export async function onboard(browser: TestBrowser, organisationId: string): Promise<void> {
  await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: organisationId }));
  await okData(postJson(browser, '/api/terms/accept'));
}

/** Puts a browser's session into acting for `principalSsn` (the mandate flow is another module's and tested there). */
export async function actFor(t: TestApp, browser: TestBrowser, principalSsn: string | null): Promise<void> {
  const actingForPatientId = principalSsn ? await patientIdOf(t, principalSsn) : null;
  const token = browser.cookie('prsp_session');
  if (!token) throw new Error('browser is not signed in');
  await t.database.db
    .update(sessions)
    .set({ actingForPatientId })
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** Changes some flags of an organisation; returns a function that puts them back. */
export async function setFlags(t: TestApp, organisationId: string, patch: Partial<FeatureFlags>): Promise<() => Promise<void>> {
  const [row] = await t.database.db.select({ flags: organisations.flags }).from(organisations).where(eq(organisations.id, organisationId));
  const before = row!.flags;
  await t.database.db
    .update(organisations)
    .set({ flags: { ...before, ...patch } })
    .where(eq(organisations.id, organisationId));
  return async () => {
    await t.database.db.update(organisations).set({ flags: before }).where(eq(organisations.id, organisationId));
  };
}

type Organisation = Awaited<ReturnType<typeof organisationBySlug>>;

/** One test file's app and the steps above bound to it; the fields are set once `beforeAll` has run. */
export type PatientTestApp = {
  t: TestApp;
  db: TestApp['database']['db'];
  /** The seeded demo organisations every patient-side file works with. */
  espoo: Organisation;
  kaarina: Organisation;
  signedIn(ssn: string): Promise<TestBrowser>;
  actFor(browser: TestBrowser, principalSsn: string | null): Promise<void>;
  patientIdOf(ssn: string): Promise<string>;
  setFlags(organisationId: string, patch: Partial<FeatureFlags>): Promise<() => Promise<void>>;
  /** A browser with no cookies at all. */
  guest(): TestBrowser;
  /** A browser that is not signed in but holds the CSRF cookie from a first GET. */
  anonymous(): Promise<TestBrowser>;
};

/**
 * Starts the app on a fresh seeded database before a test file's tests and closes it after them,
 * so the patient, organisation and service files share one setup instead of each repeating it.
 */
export function patientTestApp(): PatientTestApp {
  const ctx = {
    get db() {
      return ctx.t.database.db;
    },
    signedIn: (ssn) => signedIn(ctx.t, ssn),
    actFor: (browser, principalSsn) => actFor(ctx.t, browser, principalSsn),
    patientIdOf: (ssn) => patientIdOf(ctx.t, ssn),
    setFlags: (organisationId, patch) => setFlags(ctx.t, organisationId, patch),
    guest: () => new TestBrowser(ctx.t.baseUrl),
    async anonymous() {
      const browser = new TestBrowser(ctx.t.baseUrl);
      await browser.fetch('/api/list/countries');
      return browser;
    },
  } as PatientTestApp;
  beforeAll(async () => {
    ctx.t = await startTestApp();
    ctx.espoo = await organisationBySlug(ctx.t, 'espoo-demo');
    ctx.kaarina = await organisationBySlug(ctx.t, 'kaarina-demo');
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
