import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_AREAS, NO_RIGHTS, PRESET_RIGHTS, type AdminRights } from '@prsp/contracts';
import { TestBrowser } from '../test/http-client';
import { signInStaff, type StaffSessionOptions, startStaffTestApp, withCsrfCookie } from '../test/staff-accounts';
import type { TestApp } from '../test/test-app';
import { OBJECT_FIXTURES, SAMPLE_BODIES } from './admin-rights-matrix.fixtures';
import { ADMIN_ROUTE_RIGHTS, type AdminRouteRight } from './admin-route-rights';

/**
 * The rights matrix: every route of ADMIN_ROUTE_RIGHTS (the table the guards come from) × every preset and role,
 * expecting exactly what PRESET_RIGHTS says, plus every object route on another organisation's object refused.
 */
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

function allowed(role: Role, route: AdminRouteRight): boolean {
  if (route.access === 'global') return role.isGlobalAdmin;
  if (route.access === 'anyAdmin') return true;
  return role.rights[route.access.area][route.access.need];
}

const ABSENT_ID = '00000000-0000-4000-8000-000000000000';
const pathWith = (route: AdminRouteRight, id: string) => route.path.replace(/:[A-Za-z]+/g, id);
const label = (route: AdminRouteRight) => `${route.method} ${route.path}`;

function call(browser: TestBrowser, route: AdminRouteRight, path: string, body: unknown = {}): Promise<Response> {
  if (route.method === 'GET') return browser.fetch(path);
  return browser.fetch(path, { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The catalogue code of an answer: its envelope's statusCode, else the HTTP status (a CSV download, say). */
async function codeOf(res: Response): Promise<number> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res.status;
  return ((await res.json()) as { statusCode: number }).statusCode;
}

let t: TestApp;
const browsers = new Map<string, TestBrowser>();
let espoo: string;
let kaarina: string;

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
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

describe('the route table', () => {
  test('lists every /api/admin route the app has, and only routes it has, once each', () => {
    expect(t.app.adminRoutes.length).toBeGreaterThan(0);
    expect(t.app.adminRoutes.filter((r) => !r.listed).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const route of ADMIN_ROUTE_RIGHTS) expect(t.app.hasRoute({ method: route.method, url: route.path }), label(route)).toBe(true);
    expect(new Set(ADMIN_ROUTE_RIGHTS.map(label)).size).toBe(ADMIN_ROUTE_RIGHTS.length);
  });

  test('every organisation-scoped route with an :id names an object kind the matrix can make', () => {
    for (const route of ADMIN_ROUTE_RIGHTS) {
      if (typeof route.access !== 'object' || !route.path.includes('/:')) continue;
      expect(route.object, label(route)).toBeDefined();
      expect(OBJECT_FIXTURES[route.object!], `${label(route)}: ${route.object}`).toBeDefined();
    }
  });
});

describe.each(ADMIN_ROUTE_RIGHTS.map((route) => [label(route), route] as const))('%s', (_label, route) => {
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

  if (typeof route.access !== 'object' || !route.object) return;
  test("another organisation's object is refused to every role", async () => {
    const make = OBJECT_FIXTURES[route.object!]!;
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
