import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import type { DeclaredRoute } from '../platform/access/route-access';
import { TestBrowser } from '../test/http-client';
import { signInStaff, startStaffTestApp, withCsrfCookie } from '../test/staff-accounts';
import { auditLog, patients } from '../db/schema';
import { PatientReads } from '../platform/audit/patient-reads';
import { accessPlugin, patientReadsWriter } from './access';

// The routes are known once the app is built: build it while the file is collected, so each route is a test.
const { t, espoo } = await startStaffTestApp();
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

  test('a route staff reach that does not say whether it answers with patient data refuses to start', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: t.database.db });
    app.register(async (module) => {
      module.get('/api/expert/unsaid', { config: { access: { kind: 'expert' } } }, async () => 'data');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/expert\/unsaid is reached by staff and declares no patientData/);
  });

  test('an answer that shows patient data leaves only with its audit rows: unnamed, it is refused 500 and nothing is shown', async () => {
    const app = Fastify();
    const reader = { actorType: 'staff', actorId: '00000000-0000-4000-8000-0000000000aa', role: 'expert', ip: '127.0.0.1' } as const;
    const patientId = (await t.database.db.select({ id: patients.id }).from(patients).limit(1))[0]!.id;
    const hooks = (show: boolean) => ({
      onRequest: async (req: FastifyRequest) => {
        req.patientReads = new PatientReads('test.read', reader);
        if (show) req.patientReads.show([{ patientId, organisationId: espoo, objectType: 'test', objectId: 'x' }]);
      },
      onSend: patientReadsWriter(t.database.db, 'test route'),
    });
    app.get('/named', hooks(true), async () => ({ secret: 'shown' }));
    app.get('/unnamed', hooks(false), async () => ({ secret: 'shown' }));
    const named = await app.inject('/named');
    expect([named.statusCode, named.json()]).toEqual([200, { secret: 'shown' }]);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'test.read'));
    expect(rows.map((r) => [r.actorId, r.actorRole, r.patientId, r.objectType])).toEqual([[reader.actorId, 'expert', patientId, 'test']]);
    const unnamed = await app.inject('/unnamed');
    expect(unnamed.statusCode).toBe(500);
    expect(unnamed.body).not.toContain('shown');
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
