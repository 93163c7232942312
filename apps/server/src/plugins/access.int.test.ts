import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import type { DeclaredRoute } from '../platform/access/route-access';
import { TestBrowser } from '../test/http-client';
import { signInStaff, startStaffTestApp, withCsrfCookie } from '../test/staff-accounts';
import { accessPlugin } from './access';

// The routes are known once the app is built: build it while the file is collected, so each route is a test.
const { t } = await startStaffTestApp();
afterAll(() => t.close());

const label = (r: DeclaredRoute) => `${r.method} ${r.path}`;
const pathOf = (r: DeclaredRoute) => r.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');

async function codeOf(res: Response): Promise<number> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res.status;
  return ((await res.json()) as { statusCode: number }).statusCode;
}

function call(browser: TestBrowser, route: DeclaredRoute): Promise<Response> {
  if (route.method === 'GET') return browser.fetch(pathOf(route), { redirect: 'manual' });
  return browser.fetch(pathOf(route), { method: route.method, headers: { 'content-type': 'application/json' }, body: '{}' });
}

describe('deny by default', () => {
  test('an app with an /api/ route that declares no access refuses to start', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: t.database.db });
    // As in buildApp: the module that forgot its declaration is a plugin registered after the access plugin.
    app.register(async (module) => {
      module.get('/api/forgotten', async () => 'open');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten declares no access/);
  });

  test('routes outside /api/ (web app, health) need no declaration', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: t.database.db });
    app.get('/healthz', async () => 'ok');
    await app.ready();
    expect((await app.inject('/healthz')).body).toBe('ok');
    await app.close();
  });

  test('every /api/ route of the app is declared', () => {
    expect(t.app.declaredRoutes.length).toBeGreaterThan(60);
    for (const r of t.app.declaredRoutes) expect(t.app.hasRoute({ method: r.method, url: r.path }), label(r)).toBe(true);
  });
});

// FHIR routes take an API client's bearer token, never a session, and refuse in FHIR's own form (below).
const fhirRoutes = t.app.declaredRoutes.filter((r) => r.access.kind === 'apiClient');
const notForAnyone = t.app.declaredRoutes.filter((r) => r.access.kind !== 'anyone' && r.access.kind !== 'apiClient');
const isPatientKind = (r: DeclaredRoute) => r.access.kind === 'patient' || r.access.kind === 'patientSession';
const patientRoutes = notForAnyone.filter(isPatientKind);
const staffRoutes = notForAnyone.filter((r) => !isPatientKind(r));

describe('who is refused what, by the declared kind', () => {
  test.each(notForAnyone.map((r) => [label(r), r] as const))('%s: signed out is 101', async (_l, route) => {
    const res = await call(withCsrfCookie(new TestBrowser(t.baseUrl)), route);
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe(101);
  });

  test('FHIR routes refuse a caller without an API token, signed in or not, with 401 and an OperationOutcome', async () => {
    expect(fhirRoutes.length).toBeGreaterThan(0);
    const admin = new TestBrowser(t.baseUrl);
    await signInStaff(t, admin, { organisation: 'espoo-demo', preset: 'organisationAdmin' });
    for (const browser of [new TestBrowser(t.baseUrl), admin]) {
      for (const route of fhirRoutes) {
        const res = await call(browser, route);
        expect(res.status, label(route)).toBe(401);
        expect(((await res.json()) as { resourceType: string }).resourceType, label(route)).toBe('OperationOutcome');
      }
    }
  });

  test('patient routes refuse staff sessions, and staff routes refuse patient sessions, with 101', async () => {
    const admin = new TestBrowser(t.baseUrl);
    await signInStaff(t, admin, { organisation: 'espoo-demo', preset: 'organisationAdmin' });
    for (const route of patientRoutes) expect(await codeOf(await call(admin, route)), label(route)).toBe(101);

    const expert = new TestBrowser(t.baseUrl);
    await signInStaff(t, expert, { appRole: 'expert' });
    // Chat routes take patients, guests and experts alike (the chat service then checks membership): admins only are refused.
    const adminOnly = staffRoutes.filter((r) => !['staff', 'expert', 'chatMember'].includes(r.access.kind));
    for (const route of adminOnly) expect(await codeOf(await call(expert, route)), label(route)).toBe(101);
    const expertOnly = staffRoutes.filter((r) => r.access.kind === 'expert');
    expect(expertOnly.length).toBeGreaterThan(0);
    for (const route of expertOnly) expect(await codeOf(await call(admin, route)), label(route)).toBe(101);
    const chatRoutes = staffRoutes.filter((r) => r.access.kind === 'chatMember');
    expect(chatRoutes.length).toBeGreaterThan(0);
    for (const route of chatRoutes) expect(await codeOf(await call(admin, route)), label(route)).toBe(101);
  });
});
