import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESET_RIGHTS, NO_RIGHTS } from '@prsp/contracts';
import { adminMemberships, auditLog, sessions, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import {
  createStaffAccount,
  GOOD_PASSWORD,
  lastEmailTo,
  organisationId,
  postJson,
  signInStaff,
  staffLogin,
} from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestBrowser;
let adminId: string;
let kaarina: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = new TestBrowser(t.baseUrl);
  adminId = (await signInStaff(t, admin, { organisation: 'espoo-demo', preset: 'organisationAdmin' })).userId;
  kaarina = await organisationId(t, 'kaarina-demo');
});
afterAll(() => t.close());

const json = async (res: Response | Promise<Response>) => (await res).json();
const del = (browser: TestBrowser, path: string) => browser.fetch(path, { method: 'DELETE' });
const sessionCount = async (userId: string) => (await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, userId))).length;

describe('GET /api/admin/users/list', () => {
  test('lists the organisation admins with status, searches case-insensitively and pages', async () => {
    await createStaffAccount(t, { firstName: 'Veera', lastName: 'Virtanen', password: null });
    await createStaffAccount(t, { firstName: 'Ville', lastName: 'Virtala', active: false });
    await createStaffAccount(t, { firstName: 'Vilja', lastName: 'Virtamo', locked: true });
    await createStaffAccount(t, { firstName: 'Vieras', lastName: 'Virtanen', organisation: 'kaarina-demo' });

    const all = await json(admin.fetch('/api/admin/users/list?search=VIRTA'));
    expect(all.data.total).toBe(3);
    const byName = Object.fromEntries(all.data.items.map((u: { lastName: string }) => [u.lastName, u]));
    expect(byName.Virtanen).toMatchObject({ status: 'noPassword', locked: false, lastLogin: null, preset: 'organisationAdmin' });
    expect(byName.Virtala).toMatchObject({ status: 'inactive' });
    expect(byName.Virtamo).toMatchObject({ status: 'active', locked: true });

    const page2 = await json(admin.fetch('/api/admin/users/list?search=virta&page=2&pageSize=2'));
    expect(page2.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.items).toHaveLength(1);

    const byEmail = await json(admin.fetch('/api/admin/users/list?search=org.admin@ESPOO'));
    expect(byEmail.data.items.map((u: { email: string }) => u.email)).toEqual(['org.admin@espoo.example']);
    // Wildcards in the search are taken literally.
    expect((await json(admin.fetch('/api/admin/users/list?search=%25'))).data.total).toBe(0);
  });

  test('a page size over 100 is a field error; no session is 101', async () => {
    const res = await admin.fetch('/api/admin/users/list?pageSize=101');
    expect(res.status).toBe(400);
    expect((await res.json()).fields[0]).toMatchObject({ field: 'pageSize', messageKey: 'fields.invalid' });
    expect(await json(new TestBrowser(t.baseUrl).fetch('/api/admin/users/list'))).toMatchObject({ statusCode: 101 });
  });
});

describe('POST /api/admin/users/create', () => {
  const input = (email: string) => ({ firstName: 'Uusi', lastName: 'Ylläpitäjä', email, preset: 'booker' });

  test('creates an admin of this organisation and e-mails the registration link', async () => {
    const res = await postJson(admin, '/api/admin/users/create', input(' New.Admin@Test.example '));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ email: 'new.admin@test.example', status: 'noPassword', preset: 'booker', rights: PRESET_RIGHTS.booker });
    const { url } = (await lastEmailTo(t, 'new.admin@test.example'))!;
    expect(url!.pathname).toBe('/admin/register');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, data.id), eq(auditLog.action, 'staff.user.created')));
    expect(audit[0]).toMatchObject({ actorId: adminId, actorType: 'staff' });
  });

  test('an address in use by any member of staff is 1100', async () => {
    const res = await postJson(admin, '/api/admin/users/create', input('expert@espoo.example'));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ statusCode: 1100, errorKey: 'errors.emailInUse' });
  });

  test('spec §5 "User": names and a valid e-mail are required', async () => {
    const res = await postJson(admin, '/api/admin/users/create', { firstName: ' ', lastName: 'X', email: 'bad', preset: 'booker' });
    expect(res.status).toBe(400);
    const fields = (await res.json()).fields.map((f: { field: string; messageKey: string }) => `${f.field}:${f.messageKey}`);
    expect(fields).toEqual(expect.arrayContaining(['firstName:fields.required', 'email:fields.email']));
  });

  test('custom rights: edit implies view, and nobody gives a right they lack', async () => {
    const custom = { ...NO_RIGHTS, bookings: { view: false, edit: true } };
    const ok = await json(
      postJson(admin, '/api/admin/users/create', { ...input('custom@test.example'), preset: 'custom', rights: custom }),
    );
    expect(ok.data.rights.bookings).toEqual({ view: true, edit: true });

    const limited = new TestBrowser(t.baseUrl);
    await signInStaff(t, limited, { preset: 'custom', rights: { ...NO_RIGHTS, users: { view: true, edit: true } } });
    const res = await postJson(limited, '/api/admin/users/create', { ...input('escalate@test.example'), preset: 'organisationAdmin' });
    expect(res.status).toBe(403);
  });
});

describe('one user', () => {
  test('get, update names, preset and active; deactivation ends their sessions', async () => {
    const user = await createStaffAccount(t, { preset: 'booker' });
    await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD);
    expect((await json(admin.fetch(`/api/admin/users/${user.id}`))).data).toMatchObject({ id: user.id, preset: 'booker' });
    const res = await postJson(admin, `/api/admin/users/${user.id}/update`, {
      firstName: 'Muutettu',
      lastName: 'Nimi',
      active: false,
      preset: 'operationalAdmin',
    });
    expect((await res.json()).data).toMatchObject({
      firstName: 'Muutettu',
      status: 'inactive',
      preset: 'operationalAdmin',
      rights: PRESET_RIGHTS.operationalAdmin,
    });
    expect(await sessionCount(user.id)).toBe(0);
  });

  test("another organisation's admin and an unknown id are 601", async () => {
    const other = await createStaffAccount(t, { organisation: 'kaarina-demo' });
    for (const id of [other.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.fetch(`/api/admin/users/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 601, errorKey: 'errors.adminNotFound' });
      expect((await json(postJson(admin, `/api/admin/users/${id}/lock`))).statusCode).toBe(601);
      expect((await json(del(admin, `/api/admin/users/${id}`))).statusCode).toBe(601);
    }
  });

  test('reset password: a reset link, or the registration link again when no password was ever set', async () => {
    const registered = await createStaffAccount(t);
    const pending = await createStaffAccount(t, { password: null });
    expect((await postJson(admin, `/api/admin/users/${registered.id}/reset-password`)).status).toBe(200);
    expect((await postJson(admin, `/api/admin/users/${pending.id}/reset-password`)).status).toBe(200);
    expect((await lastEmailTo(t, registered.email))!.url!.pathname).toBe('/admin/changePassword');
    expect((await lastEmailTo(t, pending.email))!.url!.pathname).toBe('/admin/register');
  });

  test('reset password of a global admin, or of an admin with more rights, is 602', async () => {
    const global = await createStaffAccount(t, { isGlobalAdmin: true });
    const res = await postJson(admin, `/api/admin/users/${global.id}/reset-password`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: 602, errorKey: 'errors.noRightToResetPassword' });

    const lesser = new TestBrowser(t.baseUrl);
    await signInStaff(t, lesser, { preset: 'custom', rights: { ...NO_RIGHTS, users: { view: true, edit: true } } });
    const greater = await createStaffAccount(t, { preset: 'organisationAdmin' });
    expect((await json(postJson(lesser, `/api/admin/users/${greater.id}/reset-password`))).statusCode).toBe(602);
    expect((await json(postJson(lesser, `/api/admin/users/${greater.id}/lock`))).statusCode).toBe(403);
  });

  test('lock ends their sessions and keeps them out; unlock also opens a lockout', async () => {
    const user = await createStaffAccount(t);
    await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD);
    expect((await postJson(admin, `/api/admin/users/${user.id}/lock`)).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD)).status).toBe(401);

    await t.database.db
      .update(staffUsers)
      .set({ lockedUntil: new Date(Date.now() + 600_000), failedLogins: 2 })
      .where(eq(staffUsers.id, user.id));
    expect((await postJson(admin, `/api/admin/users/${user.id}/unlock`)).status).toBe(200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row).toMatchObject({ locked: false, lockedUntil: null, failedLogins: 0 });
    expect((await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD)).status).toBe(200);
  });

  test('log out ends every session of the user', async () => {
    const user = await createStaffAccount(t);
    await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD);
    await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD);
    expect(await sessionCount(user.id)).toBe(2);
    expect((await postJson(admin, `/api/admin/users/${user.id}/logout`)).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
  });

  test('an admin cannot lock, delete or deactivate themselves', async () => {
    expect((await postJson(admin, `/api/admin/users/${adminId}/lock`)).status).toBe(403);
    expect((await del(admin, `/api/admin/users/${adminId}`)).status).toBe(403);
    const res = await postJson(admin, `/api/admin/users/${adminId}/update`, {
      firstName: 'A',
      lastName: 'B',
      active: false,
      preset: 'organisationAdmin',
    });
    expect(res.status).toBe(403);
  });

  test('the action log is a CSV attachment of their audited actions, and the download is audited', async () => {
    const user = await createStaffAccount(t);
    await staffLogin(new TestBrowser(t.baseUrl), user.email, GOOD_PASSWORD);
    const res = await admin.fetch(`/api/admin/users/${user.id}/action-log`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="action-log-${user.id}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Aika;Toiminto;Kohteen tyyppi;Kohde;Kenen puolesta;Osoite');
    expect(lines[1]).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d;Kirjautui sisään;Istunto;[0-9a-f-]{36};;/);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, user.id), eq(auditLog.action, 'staff.user.actionLogDownloaded')));
    expect(audit[0]).toMatchObject({ actorId: adminId });
  });

  test('delete removes the user, or only this membership when they work elsewhere too', async () => {
    const only = await createStaffAccount(t);
    expect((await del(admin, `/api/admin/users/${only.id}`)).status).toBe(200);
    expect(await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, only.id))).toHaveLength(0);

    const both = await createStaffAccount(t);
    await t.database.db
      .insert(adminMemberships)
      .values({ userId: both.id, organisationId: kaarina, preset: 'booker', rights: PRESET_RIGHTS.booker });
    expect((await del(admin, `/api/admin/users/${both.id}`)).status).toBe(200);
    const left = await t.database.db.select().from(adminMemberships).where(eq(adminMemberships.userId, both.id));
    expect(left.map((m) => m.organisationId)).toEqual([kaarina]);
  });
});
