import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_AREAS, NO_RIGHTS, PRESET_RIGHTS, type AdminRights } from '@prsp/contracts';
import { TestBrowser } from '../test/http-client';
import { signInStaff, type StaffSessionOptions, startStaffTestApp, withCsrfCookie } from '../test/staff-accounts';
import type { DeclaredRoute } from '../platform/access/route-access';
import { OBJECT_FIXTURES, SAMPLE_BODIES } from './admin-rights-matrix.steps';

/**
 * The rights matrix: every admin route, as the route itself declares its access, × every preset and role, expecting
 * exactly what PRESET_RIGHTS says, plus every object route on another organisation's object refused.
 */
type AdminRouteRight = DeclaredRoute & { access: { kind: 'admin' | 'anyAdmin' | 'globalAdmin' } };
const ADMIN_KINDS = new Set(['admin', 'anyAdmin', 'globalAdmin']);
type Role = { name: string; session: StaffSessionOptions; rights: AdminRights; isGlobalAdmin: boolean };

const ROLES: Role[] = [
  ...(['booker', 'operationalAdmin', 'organisationAdmin'] as const).map((preset) => ({
    name: preset,
    session: { preset },
    rights: PRESET_RIGHTS[preset],
    isGlobalAdmin: false,
  })),
  { name: 'custom, no rights', session: { preset: 'custom', rights: NO_RIGHTS }, rights: NO_RIGHTS, isGlobalAdmin: false },
  ...ADMIN_AREAS.map((area) => {
    const rights = { ...NO_RIGHTS, [area]: { view: true, edit: false } };
    return { name: `custom, view ${area} only`, session: { preset: 'custom' as const, rights }, rights, isGlobalAdmin: false };
  }),
  {
    name: 'global admin',
    session: { isGlobalAdmin: true, preset: 'custom', rights: NO_RIGHTS },
    rights: PRESET_RIGHTS.organisationAdmin,
    isGlobalAdmin: true,
  },
];

function allowed(role: Role, { access }: AdminRouteRight): boolean {
  if (access.kind === 'globalAdmin') return role.isGlobalAdmin;
  if (access.kind === 'anyAdmin') return true;
  return role.rights[access.area][access.need];
}

const objectOf = ({ access }: AdminRouteRight) => (access.kind === 'admin' ? access.object : undefined);

const ABSENT_ID = '00000000-0000-4000-8000-000000000000';
const pathWith = (route: DeclaredRoute, id: string) => route.path.replace(/:[A-Za-z]+/g, id);
const label = (route: DeclaredRoute) => `${route.method} ${route.path}`;

function call(browser: TestBrowser, route: AdminRouteRight, path: string, body: unknown = {}): Promise<Response> {
  if (route.method === 'GET') return browser.fetch(path);
  return browser.fetch(path, { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The catalogue code of an answer: its envelope's statusCode, else the HTTP status (a CSV download, say). */
async function codeOf(res: Response): Promise<number> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res.status;
  return ((await res.json()) as { statusCode: number }).statusCode;
}

// The routes are known once the app is built: build it while the file is collected, so each route is a test.
const { t, espoo, kaarina } = await startStaffTestApp();
const ADMIN_ROUTES = t.app.declaredRoutes.filter((r): r is AdminRouteRight => ADMIN_KINDS.has(r.access.kind));
const browsers = new Map<string, TestBrowser>();

beforeAll(async () => {
  for (const role of ROLES) {
    const browser = new TestBrowser(t.baseUrl);
    await signInStaff(t, browser, { organisation: 'espoo-demo', ...role.session });
    browsers.set(role.name, browser);
  }
  const expert = new TestBrowser(t.baseUrl);
  await signInStaff(t, expert, { appRole: 'expert' });
  browsers.set('expert', expert);
  browsers.set('anonymous', withCsrfCookie(new TestBrowser(t.baseUrl)));
});
afterAll(() => t.close());

describe('the declarations', () => {
  test('every /api/admin route declares admin access', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThan(40);
    const adminPaths = t.app.declaredRoutes.filter((r) => r.path.startsWith('/api/admin/'));
    expect(adminPaths.filter((r) => !ADMIN_KINDS.has(r.access.kind)).map(label)).toEqual([]);
  });

  test('every organisation-scoped route with an :id names an object kind the matrix can make', () => {
    for (const route of ADMIN_ROUTES) {
      if (route.access.kind !== 'admin' || !route.path.includes('/:')) continue;
      expect(objectOf(route), label(route)).toBeDefined();
      expect(OBJECT_FIXTURES[objectOf(route)!], `${label(route)}: ${objectOf(route)}`).toBeDefined();
    }
  });
});

describe.each(ADMIN_ROUTES.map((route) => [label(route), route] as const))('%s', (_label, route) => {
  test.each(ROLES.map((role) => [role.name, role] as const))('%s', async (_name, role) => {
    const res = await call(browsers.get(role.name)!, route, pathWith(route, ABSENT_ID));
    const code = await codeOf(res);
    if (allowed(role, route)) {
      expect(res.status, `${role.name} should pass the guard`).not.toBe(403);
      expect([101, 403]).not.toContain(code);
    } else {
      expect(res.status).toBe(403);
      expect(code).toBe(403);
    }
  });

  test('signed out, or signed in to the expert app: 101', async () => {
    for (const who of ['anonymous', 'expert']) {
      const res = await call(browsers.get(who)!, route, pathWith(route, ABSENT_ID));
      expect(res.status, who).toBe(401);
      expect(await codeOf(res)).toBe(101);
    }
  });

  const object = objectOf(route);
  if (!object) return;
  test("another organisation's object is refused to every role", async () => {
    const make = OBJECT_FIXTURES[object]!;
    const body = SAMPLE_BODIES[label(route)]?.() ?? {};
    const foreign = await make(t, kaarina);
    for (const role of ROLES.filter((r) => !r.isGlobalAdmin)) {
      const res = await call(browsers.get(role.name)!, route, pathWith(route, foreign), body);
      // A 400 here means the route needs a valid body in SAMPLE_BODIES to reach its organisation check.
      expect([403, 404], `${role.name}: ${res.status}`).toContain(res.status);
    }
    // The same kind of object in the caller's own organisation is found: the refusal above is about the organisation.
    if (route.method === 'GET') {
      const own = await make(t, espoo);
      const res = await call(browsers.get('organisationAdmin')!, route, pathWith(route, own));
      expect(res.status).toBe(200);
    }
  });
});
