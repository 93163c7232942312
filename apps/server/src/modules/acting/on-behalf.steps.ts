import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sha256 } from '../../platform/crypto/tokens';
import { auditLog } from '../../platform/audit/audit.tables';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { organisations, patients, sessions, termsAcceptances } from '../../db/schema';
import { organisationBySlug, patientIdOf } from '../patients/patient.steps';

export type OnBehalfSteps = ReturnType<typeof onBehalfSteps>;

/** Starts the app on a fresh seeded database with the steps bound to it: the setup every act-on-behalf file begins with. */
export async function startOnBehalfApp(): Promise<{ t: TestApp; steps: OnBehalfSteps }> {
  const t = await startTestApp();
  return { t, steps: onBehalfSteps(t) };
}

/** Steps of the act-on-behalf journey for integration tests, as a browser takes them. */
export function onBehalfSteps(t: TestApp) {
  const db = t.database.db;
  const patientId = (ssn: string) => patientIdOf(t, ssn);
  const organisationId = async (slug: string) => (await organisationBySlug(t, slug)).id;
  const reachChooser = async (browser: TestBrowser, query = ''): Promise<{ html: string; url: string; action: string }> => {
    const { res, url } = await browser.follow(`/api/on-behalf/set${query}`);
    expect(new URL(url).pathname).toBe('/test-mandates/oauth/authorize');
    expect(res.status).toBe(200);
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&');
    return { html, url, action: new URL(action, url).href };
  };
  const choose = async (browser: TestBrowser, action: string, fields: Record<string, string>): Promise<string> => {
    const res = await browser.fetch(action, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(res.status).toBe(303);
    const callback = new URL(res.headers.get('location')!, action);
    expect(callback.pathname).toBe('/api/on-behalf/callback');
    return callback.href;
  };
  const land = async (browser: TestBrowser, callbackUrl: string): Promise<string> => {
    const res = await browser.fetch(callbackUrl);
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  };

  return {
    patientId,
    organisationId,

    async signedIn(ssn: string): Promise<TestBrowser> {
      const browser = new TestBrowser(t.baseUrl);
      await browser.signIn(ssn);
      return browser;
    },

    /** Selects the organisation and accepts its terms directly in the database (the patient routes are not needed). */
    async onboard(ssn: string, slug = 'espoo-demo', opts: { terms?: boolean } = {}): Promise<void> {
      const id = await patientId(ssn);
      const orgId = await organisationId(slug);
      await db.update(patients).set({ selectedOrganisationId: orgId }).where(eq(patients.id, id));
      if (opts.terms !== false) await db.insert(termsAcceptances).values({ patientId: id, organisationId: orgId }).onConflictDoNothing();
    },

    async setFlag(slug: string, flag: 'actingEnabled' | 'termsAndConditionsEnabled', value: boolean): Promise<void> {
      const [row] = await db.select({ flags: organisations.flags }).from(organisations).where(eq(organisations.slug, slug));
      await db
        .update(organisations)
        .set({ flags: { ...row!.flags, [flag]: value } })
        .where(eq(organisations.slug, slug));
    },

    /** Follows `/api/on-behalf/set` to the test service's selection page; returns its HTML and the choice form's address. */
    reachChooser,

    /** Posts the selection form as the page would (or tampered); returns the callback URL without fetching it. */
    choose,

    /** Fetches the callback; returns where it sends the browser. */
    land,

    /** The whole round: reaches the selection page, posts `fields` and lands; returns where the callback sends the browser. */
    async pick(browser: TestBrowser, fields: Record<string, string>): Promise<string> {
      const chooser = await reachChooser(browser);
      return land(browser, await choose(browser, chooser.action, fields));
    },

    /** The browser's server-side session row. */
    async sessionRow(browser: TestBrowser) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(browser.cookie('prsp_session')!)));
      return row!;
    },

    auditRows(action: string, actorId: string) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))
        .orderBy(desc(auditLog.id));
    },

    /** `GET /api/on-behalf/clear` as the web client sends it: with the CSRF header. */
    clear(browser: TestBrowser, csrf = true): Promise<Response> {
      const token = browser.cookie('prsp_csrf');
      return browser.fetch('/api/on-behalf/clear', { headers: csrf && token ? { 'x-csrf-token': token } : {} });
    },
  };
}
