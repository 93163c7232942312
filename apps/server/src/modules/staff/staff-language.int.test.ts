import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { staffUsers } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { postJson, signInStaff, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => ({ t } = await startStaffTestApp()));
afterAll(() => t.close());

const userData = async (browser: TestBrowser) => (await (await browser.fetch('/api/sso/user_data')).json()).data;

test('the staff apps start in the language the user last chose, kept per user; Finnish until they choose (issue 28)', async () => {
  const first = new TestBrowser(t.baseUrl);
  const { userId, organisationId } = await signInStaff(t, first);
  // The e-mail language an admin gave them is not a choice of theirs.
  await t.database.db.update(staffUsers).set({ language: 'en' }).where(eq(staffUsers.id, userId));
  expect((await userData(first)).language).toBe('fi');

  expect((await postJson(first, '/api/sso/client_params', { lang: 'se', timezone: 'Europe/Helsinki' })).status).toBe(200);
  // A reload, or a sign-in on another device: a new session of the same user.
  const { token } = await createSession(t.database.db, t.config.session, { staffUserId: userId, appRole: 'admin', organisationId });
  const second = withCsrfCookie(new TestBrowser(t.baseUrl));
  second.setCookie('prsp_session', token);
  expect((await userData(second)).language).toBe('se');
});
