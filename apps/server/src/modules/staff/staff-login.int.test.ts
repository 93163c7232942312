import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { setCookieAttributes } from '../../test/login.steps';
import {
  createStaffAccount,
  GOOD_PASSWORD,
  expectStaffLoginFailed,
  organisationId,
  staffLogin,
  withCsrfCookie,
} from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { DEMO_STAFF_PASSWORD } from '../../db/seed/staff-demo-seed';

// At most 20 sign-in requests per minute per address: this file stays under that; the limit and the lockout have files of their own.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a successful sign-in', () => {
  test('the demo organisation admin signs in with a new HttpOnly session in their only organisation', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const res = await staffLogin(browser, 'Org.Admin@espoo.example ', DEMO_STAFF_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', statusCode: 200, data: null });
    const cookie = setCookieAttributes(res, 'prsp_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attrs.has('httponly')).toBe(true);

    const data = (await (await browser.fetch('/api/sso/user_data')).json()).data;
    const espoo = await organisationId(t, 'espoo-demo');
    expect(data).toMatchObject({ role: 'admin', isGlobalAdmin: false, email: 'org.admin@espoo.example', organisation: { id: espoo } });
    expect(data.organisations).toEqual([{ id: espoo, name: expect.any(String) }]);
    expect(data.rights.users).toEqual({ view: true, edit: true });

    const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'org.admin@espoo.example'));
    expect(user!.lastLoginAt).toBeInstanceOf(Date);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user!.id), eq(auditLog.action, 'staff.login')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain('espoo.example');
  });

  test('a global admin starts without an organisation and sees every organisation', async () => {
    const browser = new TestBrowser(t.baseUrl);
    expect((await staffLogin(browser, 'admin@prsp.example', DEMO_STAFF_PASSWORD)).status).toBe(200);
    const data = (await (await browser.fetch('/api/sso/user_data')).json()).data;
    expect(data).toMatchObject({ role: 'admin', isGlobalAdmin: true, organisation: null });
    expect(data.organisations.length).toBeGreaterThanOrEqual(2);
    expect(data.rights.users).toEqual({ view: false, edit: false });
  });

  test('the demo expert signs in to the expert app, in their organisation', async () => {
    const browser = new TestBrowser(t.baseUrl);
    expect((await staffLogin(browser, 'expert@espoo.example', DEMO_STAFF_PASSWORD, 'expert')).status).toBe(200);
    const data = (await (await browser.fetch('/api/sso/user_data')).json()).data;
    expect(data).toMatchObject({ role: 'expert', organisation: { id: await organisationId(t, 'espoo-demo') } });
  });

  test('signing in again replaces the session the browser had', async () => {
    const { email } = await createStaffAccount(t);
    const browser = new TestBrowser(t.baseUrl);
    await staffLogin(browser, email, GOOD_PASSWORD);
    const first = browser.cookie('prsp_session')!;
    await staffLogin(browser, email, GOOD_PASSWORD);
    expect(browser.cookie('prsp_session')).not.toBe(first);
    const old = new TestBrowser(t.baseUrl);
    old.setCookie('prsp_session', first);
    expect((await old.fetch('/api/sso/user_data')).status).toBe(401);
  });
});

describe('refused sign-ins all look the same', () => {
  test('unknown account, wrong password and no password set give the one 101', async () => {
    const known = await createStaffAccount(t);
    const unregistered = await createStaffAccount(t, { password: null });
    const browser = new TestBrowser(t.baseUrl);
    await expectStaffLoginFailed(await staffLogin(browser, 'nobody@test.example', GOOD_PASSWORD));
    await expectStaffLoginFailed(await staffLogin(browser, known.email, 'Wrong-Password-99'));
    await expectStaffLoginFailed(await staffLogin(browser, unregistered.email, GOOD_PASSWORD));
  });

  test('the right password in the wrong app is refused the same way', async () => {
    const admin = await createStaffAccount(t);
    await expectStaffLoginFailed(await staffLogin(new TestBrowser(t.baseUrl), admin.email, GOOD_PASSWORD, 'expert'));
  });

  test('an account locked by an admin cannot sign in, even with the right password', async () => {
    const locked = await createStaffAccount(t, { locked: true });
    await expectStaffLoginFailed(await staffLogin(new TestBrowser(t.baseUrl), locked.email, GOOD_PASSWORD));
  });

  test('an inactive account with the right password gets 607', async () => {
    const inactive = await createStaffAccount(t, { active: false });
    const res = await staffLogin(new TestBrowser(t.baseUrl), inactive.email, GOOD_PASSWORD);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 'error', statusCode: 607, errorKey: 'errors.adminNotActive' });
  });

  test('a missing field is a field error', async () => {
    const res = await withCsrfCookie(new TestBrowser(t.baseUrl)).fetch('/api/sso/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '', password: 'x', app_role: 'admin' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([{ field: 'username', messageKey: 'fields.required', message: expect.any(String) }]);
  });
});
