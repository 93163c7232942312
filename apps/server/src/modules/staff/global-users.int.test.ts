import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESET_RIGHTS } from '@prsp/contracts';
import { adminMemberships, sessions, staffUsers } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import {
  createStaffAccount,
  GOOD_PASSWORD,
  lastEmailTo,
  postJson,
  signInStaff,
  staffLogin,
  startStaffTestApp,
} from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let global: TestBrowser;
let globalId: string;
let espoo: string;
let kaarina: string;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  global = new TestBrowser(t.baseUrl);
  globalId = (await signInStaff(t, global, { isGlobalAdmin: true })).userId;
});
afterAll(() => t.close());

const json = async (res: Response | Promise<Response>) => (await res).json();
const BASE = '/api/admin/global-users';

describe('global user management', () => {
  test('lists all staff, experts too, with their memberships', async () => {
    const res = await json(global.fetch(`${BASE}/list?search=espoo.example`));
    const byEmail = Object.fromEntries(res.data.items.map((u: { email: string }) => [u.email, u]));
    expect(byEmail['expert@espoo.example']).toMatchObject({ memberships: [], expertOrganisations: [{ organisationId: espoo }] });
    expect(byEmail['doctor@espoo.example']).toMatchObject({ memberships: [], expertOrganisations: [{ organisationId: espoo }] });
    expect(byEmail['physio@espoo.example']).toMatchObject({ memberships: [], expertOrganisations: [{ organisationId: espoo }] });
    expect(byEmail['org.admin@espoo.example'].memberships).toEqual([
      { organisationId: espoo, organisationName: expect.any(String), preset: 'organisationAdmin', rights: PRESET_RIGHTS.organisationAdmin },
    ]);
    expect(res.data.total).toBe(4);
  });

  test('an organisation admin is refused (403), a stranger is 101', async () => {
    const orgAdmin = new TestBrowser(t.baseUrl);
    await signInStaff(t, orgAdmin, { preset: 'organisationAdmin' });
    expect((await orgAdmin.fetch(`${BASE}/list`)).status).toBe(403);
    expect(await json(new TestBrowser(t.baseUrl).fetch(`${BASE}/list`))).toMatchObject({ statusCode: 101 });
  });

  test('creates an admin in a chosen organisation, with the registration e-mail in its look', async () => {
    const res = await postJson(global, `${BASE}/create`, {
      firstName: 'Kaisa',
      lastName: 'Kaarinalainen',
      email: 'kaisa@test.example',
      organisationId: kaarina,
      preset: 'operationalAdmin',
      language: 'en',
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.memberships).toEqual([expect.objectContaining({ organisationId: kaarina, preset: 'operationalAdmin' })]);
    const { mail, url } = (await lastEmailTo(t, 'kaisa@test.example'))!;
    expect(url!.pathname).toBe('/admin/register');
    expect(mail.subject).toContain('Kaarina');
  });

  test('create needs an organisation that exists', async () => {
    const body = { firstName: 'A', lastName: 'B', email: 'nobody-org@test.example', preset: 'booker' };
    const missing = await postJson(global, `${BASE}/create`, body);
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields[0]).toMatchObject({ field: 'organisationId', messageKey: 'fields.required' });
    const unknown = await postJson(global, `${BASE}/create`, { ...body, organisationId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });

  test('update replaces the memberships and can make a global admin', async () => {
    const user = await createStaffAccount(t, { organisation: 'espoo-demo', preset: 'booker' });
    const res = await postJson(global, `${BASE}/${user.id}/update`, {
      firstName: 'Uusi',
      lastName: 'Nimi',
      active: true,
      isGlobalAdmin: true,
      memberships: [{ organisationId: kaarina, preset: 'custom', rights: { ...PRESET_RIGHTS.booker, users: { view: false, edit: true } } }],
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ isGlobalAdmin: true, firstName: 'Uusi' });
    expect(data.memberships).toEqual([expect.objectContaining({ organisationId: kaarina, preset: 'custom' })]);
    expect(data.memberships[0].rights.users).toEqual({ view: true, edit: true });
  });

  test('a global admin cannot demote, deactivate, lock or delete themselves', async () => {
    const body = { firstName: 'G', lastName: 'A', active: true, isGlobalAdmin: false, memberships: [] };
    expect((await postJson(global, `${BASE}/${globalId}/update`, body)).status).toBe(403);
    expect((await postJson(global, `${BASE}/${globalId}/lock`)).status).toBe(403);
    expect((await global.fetch(`${BASE}/${globalId}`, { method: 'DELETE' })).status).toBe(403);
  });

  test('acts on any member of staff: reset, lock, unlock, log out, action log, delete', async () => {
    const expert = await createStaffAccount(t, { organisation: null, expertIn: 'kaarina-demo' });
    await staffLogin(new TestBrowser(t.baseUrl), expert.email, GOOD_PASSWORD, 'expert');

    expect((await postJson(global, `${BASE}/${expert.id}/reset-password`)).status).toBe(200);
    expect((await lastEmailTo(t, expert.email))!.url!.pathname).toBe('/expert/changePassword');
    expect((await postJson(global, `${BASE}/${expert.id}/logout`)).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, expert.id))).toHaveLength(0);
    expect((await postJson(global, `${BASE}/${expert.id}/lock`)).status).toBe(200);
    expect((await postJson(global, `${BASE}/${expert.id}/unlock`)).status).toBe(200);
    const csv = await (await global.fetch(`${BASE}/${expert.id}/action-log`)).text();
    expect(csv).toContain(';Kirjautui sisään;Istunto;');
    expect((await global.fetch(`${BASE}/${expert.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, expert.id))).toHaveLength(0);
    expect(await json(global.fetch(`${BASE}/${expert.id}`))).toMatchObject({ statusCode: 601 });
  });

  test('a membership list naming one organisation twice is refused', async () => {
    const user = await createStaffAccount(t);
    const twice = { organisationId: espoo, preset: 'booker' };
    const res = await postJson(global, `${BASE}/${user.id}/update`, {
      firstName: 'A',
      lastName: 'B',
      active: true,
      isGlobalAdmin: false,
      memberships: [twice, twice],
    });
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(adminMemberships).where(eq(adminMemberships.userId, user.id))).toHaveLength(1);
  });
});
