import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, passwordTokens, sessions, staffUsers } from '../../db/schema';
import { sha256 } from '../../platform/crypto/tokens';
import { TestBrowser } from '../../test/http-client';
import {
  createStaffAccount,
  emailsTo,
  GOOD_PASSWORD,
  lastEmailTo,
  organisationId,
  postJson,
  staffLogin,
  withCsrfCookie,
} from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { inviteStaffUser } from './staff-invitations.service';

const NEW_PASSWORD = 'Brand-New-Secret-7';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const anonymous = () => withCsrfCookie(new TestBrowser(t.baseUrl));
const tokenRow = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)))
  )[0];
const setPassword = (token: string, password = NEW_PASSWORD, passwordAgain = password) =>
  postJson(anonymous(), '/api/sso/password/set', { token, password, passwordAgain });

describe('registration link (inviteStaffUser)', () => {
  test('an expert gets a 24-hour single-use link to /expert/register, stored hashed', async () => {
    const { id, email } = await createStaffAccount(t, { password: null, organisation: null, expertIn: 'espoo-demo' });
    const espoo = await organisationId(t, 'espoo-demo');
    await t.database.db.transaction((tx) =>
      inviteStaffUser(tx, {
        userId: id,
        organisationId: espoo,
        appRole: 'expert',
        language: 'en',
        publicUrl: t.baseUrl,
        sender: t.config.mail.sender,
      }),
    );
    const { mail, url, token } = (await lastEmailTo(t, email))!;
    expect(url!.origin + url!.pathname).toBe(`${t.baseUrl}/expert/register`);
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toContain('Testi Käyttäjä');
    const row = await tokenRow(token!);
    expect(row!.purpose).toBe('register');
    expect(row!.tokenHash).not.toContain(token!);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    expect((await setPassword(token!)).status).toBe(200);
    expect((await staffLogin(new TestBrowser(t.baseUrl), email, NEW_PASSWORD, 'expert')).status).toBe(200);
    // Single use.
    expect(await (await setPassword(token!, 'Another-Secret-88')).json()).toMatchObject({
      statusCode: 801,
      errorKey: 'errors.passwordLinkInvalid',
    });
  });
});

describe('POST /api/sso/password/forgot', () => {
  test('two apps in one process each send from their own MAIL_FROM, and name themselves without an organisation', async () => {
    const other = await startTestApp({ MAIL_FROM_NAME: 'Toinen palvelu', MAIL_FROM_ADDRESS: 'toinen@test.example' });
    try {
      const resetOf = async (app: TestApp) => {
        const { email } = await createStaffAccount(app, { isGlobalAdmin: true, organisation: null });
        const res = await postJson(withCsrfCookie(new TestBrowser(app.baseUrl)), '/api/sso/password/forgot', { email, app_role: 'admin' });
        expect(res.status).toBe(200);
        return (await lastEmailTo(app, email))!.mail;
      };
      const mine = await resetOf(t);
      const theirs = await resetOf(other);
      expect([theirs.fromName, theirs.fromAddress]).toEqual(['Toinen palvelu', 'toinen@test.example']);
      expect(theirs.subject).toBe('Salasanan vaihtaminen – Toinen palvelu');
      expect([mine.fromName, mine.fromAddress]).toEqual([t.config.mail.sender.name, t.config.mail.sender.address]);
      expect(mine.subject).toBe(`Salasanan vaihtaminen – ${t.config.mail.sender.name}`);
    } finally {
      await other.close();
    }
  });

  test('a known admin gets a 30-minute link to /admin/changePassword; an unknown address gets the same answer and no mail', async () => {
    const { email } = await createStaffAccount(t);
    const known = await postJson(anonymous(), '/api/sso/password/forgot', { email: email.toUpperCase(), app_role: 'admin' });
    const unknown = await postJson(anonymous(), '/api/sso/password/forgot', { email: 'nobody@test.example', app_role: 'admin' });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await emailsTo(t, 'nobody@test.example')).toHaveLength(0);

    const { url, token, mail } = (await lastEmailTo(t, email))!;
    expect(url!.pathname).toBe('/admin/changePassword');
    expect(mail.text).toContain('30 minuuttia');
    const minutes = ((await tokenRow(token!))!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  test('no mail for the wrong app role, an inactive or a locked account', async () => {
    const admin = await createStaffAccount(t);
    const inactive = await createStaffAccount(t, { active: false });
    const locked = await createStaffAccount(t, { locked: true });
    await postJson(anonymous(), '/api/sso/password/forgot', { email: admin.email, app_role: 'expert' });
    await postJson(anonymous(), '/api/sso/password/forgot', { email: inactive.email, app_role: 'admin' });
    await postJson(anonymous(), '/api/sso/password/forgot', { email: locked.email, app_role: 'admin' });
    for (const a of [admin, inactive, locked]) expect(await emailsTo(t, a.email)).toHaveLength(0);
  });

  test('a malformed address is a field error', async () => {
    const res = await postJson(anonymous(), '/api/sso/password/forgot', { email: 'not-an-address', app_role: 'admin' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([{ field: 'email', messageKey: 'fields.email', message: expect.any(String) }]);
  });
});

describe('POST /api/sso/password/set', () => {
  async function resetLink() {
    const account = await createStaffAccount(t);
    await postJson(anonymous(), '/api/sso/password/forgot', { email: account.email, app_role: 'admin' });
    return { ...account, token: (await lastEmailTo(t, account.email))!.token! };
  }

  test('a weak password is 802 and the link still works', async () => {
    const { token } = await resetLink();
    for (const weak of ['short-A1', 'alllowercase-123', 'ALLUPPERCASE-123', 'No-Digits-At-All']) {
      const res = await setPassword(token, weak);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 802, errorKey: 'errors.passwordWeak' });
    }
    expect((await setPassword(token)).status).toBe(200);
  });

  test('entries that differ are a field error', async () => {
    const { token } = await resetLink();
    const res = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([
      { field: 'passwordAgain', messageKey: 'fields.passwordMismatch', message: expect.any(String) },
    ]);
  });

  test('a wrong or expired token is 801', async () => {
    expect(await (await setPassword('made-up-token')).json()).toMatchObject({ statusCode: 801 });
    const { token } = await resetLink();
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(await (await setPassword(token)).json()).toMatchObject({ statusCode: 801 });
  });

  test('a reset ends the sessions, opens a lockout, voids older links and is audited', async () => {
    const { id, email } = await createStaffAccount(t);
    const browser = new TestBrowser(t.baseUrl);
    await staffLogin(browser, email, GOOD_PASSWORD);
    await postJson(anonymous(), '/api/sso/password/forgot', { email, app_role: 'admin' });
    const older = (await lastEmailTo(t, email))!.token!;
    await postJson(anonymous(), '/api/sso/password/forgot', { email, app_role: 'admin' });
    const newer = (await lastEmailTo(t, email))!.token!;
    await t.database.db
      .update(staffUsers)
      .set({ failedLogins: 3, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(staffUsers.id, id));

    expect(await (await setPassword(older)).json()).toMatchObject({ statusCode: 801 });
    expect((await setPassword(newer)).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, id))).toHaveLength(0);
    expect((await staffLogin(new TestBrowser(t.baseUrl), email, GOOD_PASSWORD)).status).toBe(401);
    expect((await staffLogin(new TestBrowser(t.baseUrl), email, NEW_PASSWORD)).status).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audit.map((a) => a.action)).toContain('staff.password.set');
  });
});

describe('GET /api/sso/password-token/:token', () => {
  const check = (token: string) => new TestBrowser(t.baseUrl).fetch(`/api/sso/password-token/${encodeURIComponent(token)}`);

  test('a live link says so without being used up; a used, expired or unknown one is 801', async () => {
    const account = await createStaffAccount(t);
    await postJson(anonymous(), '/api/sso/password/forgot', { email: account.email, app_role: 'admin' });
    const token = (await lastEmailTo(t, account.email))!.token!;

    const live = await check(token);
    expect(live.status).toBe(200);
    const body = await live.json();
    expect(body).toEqual({ status: 'ok', statusCode: 200, data: { purpose: 'reset', expiresAt: expect.any(String) } });
    expect(Date.parse(body.data.expiresAt)).toBe((await tokenRow(token))!.expiresAt.getTime());
    expect((await check(token)).status).toBe(200);
    expect((await tokenRow(token))!.usedAt).toBeNull();

    expect((await setPassword(token)).status).toBe(200);
    const used = await check(token);
    expect(used.status).toBe(400);
    expect(await used.json()).toMatchObject({ status: 'error', statusCode: 801, errorKey: 'errors.passwordLinkInvalid' });

    await postJson(anonymous(), '/api/sso/password/forgot', { email: account.email, app_role: 'admin' });
    const second = (await lastEmailTo(t, account.email))!.token!;
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.tokenHash, sha256(second)));
    expect(await (await check(second)).json()).toMatchObject({ statusCode: 801 });
    expect(await (await check('made-up-token')).json()).toMatchObject({ statusCode: 801 });
  });
});

describe('POST /api/sso/password/change', () => {
  const change = (browser: TestBrowser, currentPassword: string, password = NEW_PASSWORD, passwordAgain = password) =>
    postJson(browser, '/api/sso/password/change', { currentPassword, password, passwordAgain });

  test('not signed in: 101', async () => {
    expect(await (await change(anonymous(), GOOD_PASSWORD)).json()).toMatchObject({ statusCode: 101 });
  });

  test('a wrong current password is a field error; a weak new one is 802', async () => {
    const { email } = await createStaffAccount(t);
    const browser = new TestBrowser(t.baseUrl);
    await staffLogin(browser, email, GOOD_PASSWORD);
    const wrong = await change(browser, 'Not-The-Password-1');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fields).toEqual([
      { field: 'currentPassword', messageKey: 'fields.currentPasswordWrong', message: 'Nykyinen salasana on väärin.' },
    ]);
    expect(await (await change(browser, GOOD_PASSWORD, 'weakpassword')).json()).toMatchObject({ statusCode: 802 });
  });

  test('success keeps this session and ends the others', async () => {
    const { id, email } = await createStaffAccount(t);
    const here = new TestBrowser(t.baseUrl);
    const elsewhere = new TestBrowser(t.baseUrl);
    await staffLogin(here, email, GOOD_PASSWORD);
    await staffLogin(elsewhere, email, GOOD_PASSWORD);
    expect((await change(here, GOOD_PASSWORD)).status).toBe(200);
    expect((await here.fetch('/api/sso/user_data')).status).toBe(200);
    expect((await elsewhere.fetch('/api/sso/user_data')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, id))).toHaveLength(1);
  });
});
