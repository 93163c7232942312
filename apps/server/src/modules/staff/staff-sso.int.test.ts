import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESET_RIGHTS } from '@prsp/contracts';
import { adminMemberships, auditLog, sessions, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { createStaffAccount, GOOD_PASSWORD, postJson, staffLogin, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let espoo: string;
let kaarina: string;
beforeAll(async () => ({ t, espoo, kaarina } = await startStaffTestApp()));
afterAll(() => t.close());

async function signedIn(opts: Parameters<typeof createStaffAccount>[1] = {}, appRole: 'admin' | 'expert' = 'admin') {
  const account = await createStaffAccount(t, opts);
  const browser = new TestBrowser(t.baseUrl);
  expect((await staffLogin(browser, account.email, GOOD_PASSWORD, appRole)).status).toBe(200);
  return { ...account, browser };
}

const userData = async (browser: TestBrowser) => browser.fetch('/api/sso/user_data');
const logoutHeaders = (browser: TestBrowser) => ({ origin: t.baseUrl, 'x-csrf-token': browser.cookie('prsp_csrf')! });

describe('GET /api/sso/user_data', () => {
  test('without a session: 101', async () => {
    const res = await userData(new TestBrowser(t.baseUrl));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 101 });
  });

  test('a user locked or deactivated after signing in is out at once', async () => {
    const a = await signedIn();
    await t.database.db.update(staffUsers).set({ locked: true }).where(eq(staffUsers.id, a.id));
    expect((await userData(a.browser)).status).toBe(401);
    const b = await signedIn();
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, b.id));
    expect(await (await userData(b.browser)).json()).toMatchObject({ statusCode: 607 });
  });

  test('expert work elsewhere adds no admin organisation: the only one is chosen', async () => {
    const a = await signedIn({ organisation: 'espoo-demo', expertIn: 'kaarina-demo' });
    const data = (await (await userData(a.browser)).json()).data;
    expect(data.organisation).toEqual({ id: espoo, name: expect.any(String) });
    expect(data.organisations).toHaveLength(1);
  });

  test('an admin of two organisations starts in none, with no rights until choosing', async () => {
    const account = await createStaffAccount(t, { organisation: 'espoo-demo' });
    await t.database.db
      .insert(adminMemberships)
      .values({ userId: account.id, organisationId: kaarina, preset: 'booker', rights: PRESET_RIGHTS.booker });
    const browser = new TestBrowser(t.baseUrl);
    await staffLogin(browser, account.email, GOOD_PASSWORD);
    const data = (await (await userData(browser)).json()).data;
    expect(data.organisation).toBeNull();
    expect(data.organisations.map((o: { id: string }) => o.id).sort()).toEqual([espoo, kaarina].sort());
    expect(data.rights.bookings).toEqual({ view: false, edit: false });
    const chosen = await postJson(browser, `/api/sso/set_role/admin;${kaarina}`);
    expect((await chosen.json()).data.rights).toEqual(PRESET_RIGHTS.booker);
  });
});

describe('GET /api/sso/logout', () => {
  test('without the CSRF header it is refused and the session lives on', async () => {
    const a = await signedIn();
    const res = await a.browser.fetch('/api/sso/logout');
    expect(res.status).toBe(403);
    expect((await userData(a.browser)).status).toBe(200);
  });

  test('with the header it ends the session and clears the cookie', async () => {
    const a = await signedIn();
    const res = await a.browser.fetch('/api/sso/logout', { headers: logoutHeaders(a.browser) });
    expect(res.status).toBe(200);
    expect(a.browser.cookie('prsp_session')).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, a.id))).toHaveLength(0);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, a.id), eq(auditLog.action, 'staff.logout')));
    expect(logged).toHaveLength(1);
  });
});

describe('POST /api/sso/set_role/{appRole};{organization}', () => {
  test('not signed in: 101', async () => {
    const res = await postJson(new TestBrowser(t.baseUrl), `/api/sso/set_role/admin;${espoo}`);
    expect(await res.json()).toMatchObject({ statusCode: 101 });
  });

  test('a global admin switches between organisations, with audit', async () => {
    const a = await signedIn({ isGlobalAdmin: true, organisation: null });
    const res = await postJson(a.browser, `/api/sso/set_role/admin;${kaarina}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ organisation: { id: kaarina }, rights: { users: { view: true, edit: true } } });
    expect((await (await userData(a.browser)).json()).data.organisation.id).toBe(kaarina);
    expect((await postJson(a.browser, `/api/sso/set_role/admin;${espoo}`)).status).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, a.id), eq(auditLog.action, 'staff.setOrganisation')));
    expect(audits.map((r) => r.objectId)).toEqual([kaarina, espoo]);
  });

  test('an organisation admin cannot enter another organisation', async () => {
    const a = await signedIn({ organisation: 'espoo-demo' });
    const res = await postJson(a.browser, `/api/sso/set_role/admin;${kaarina}`);
    expect(res.status).toBe(403);
    expect((await (await userData(a.browser)).json()).data.organisation.id).toBe(espoo);
  });

  test('the app role cannot be changed here', async () => {
    const a = await signedIn({ organisation: 'espoo-demo', expertIn: 'espoo-demo' });
    expect((await postJson(a.browser, `/api/sso/set_role/expert;${espoo}`)).status).toBe(403);
  });

  test('a malformed segment is a validation error', async () => {
    const a = await signedIn();
    const res = await postJson(a.browser, '/api/sso/set_role/admin;not-an-id');
    expect(res.status).toBe(400);
    expect((await res.json()).fields[0]).toMatchObject({ field: 'roleAndOrg', messageKey: 'fields.invalid' });
  });

  test('an expert chooses only among the organisations they work in as an expert', async () => {
    const a = await signedIn({ organisation: null, expertIn: 'espoo-demo' }, 'expert');
    expect((await postJson(a.browser, `/api/sso/set_role/expert;${kaarina}`)).status).toBe(403);
    expect((await postJson(a.browser, `/api/sso/set_role/expert;${espoo}`)).status).toBe(200);
  });
});

describe('POST /api/sso/client_params', () => {
  test('stores the language on the user (se as sv)', async () => {
    const a = await signedIn();
    const res = await postJson(a.browser, '/api/sso/client_params', { lang: 'se', timezone: 'Europe/Helsinki' });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, a.id));
    expect(row!.language).toBe('sv');
  });

  test('an unknown language is a field error; no session is 101', async () => {
    const a = await signedIn();
    const bad = await postJson(a.browser, '/api/sso/client_params', { lang: 'de', timezone: 'UTC' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields[0]).toMatchObject({ field: 'lang', messageKey: 'fields.invalid' });
    const anonymous = await postJson(withCsrfCookie(new TestBrowser(t.baseUrl)), '/api/sso/client_params', { lang: 'fi', timezone: 'UTC' });
    expect(await anonymous.json()).toMatchObject({ statusCode: 101 });
  });
});
