import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { effectiveRights, type AdminPreset, type AdminRights, type AppRole } from '@prsp/contracts';
import { adminMemberships, experts, organisations, outboxEmails, staffUsers } from '../db/schema';
import { createSession } from '../platform/session/sessions.service';
import { hashSecret } from '../platform/crypto/secret-hash';
import { TestBrowser } from './http-client';
import { setCookieAttributes } from './login.steps';
import { startTestApp, type TestApp } from './test-app';

export const GOOD_PASSWORD = 'Correct-Horse-42';

/** The id of a seeded organisation by slug (`espoo-demo`, `kaarina-demo`), or the id itself. */
export async function organisationId(t: TestApp, idOrSlug = 'espoo-demo'): Promise<string> {
  const [row] = await t.database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(/^[0-9a-f-]{36}$/i.test(idOrSlug) ? eq(organisations.id, idOrSlug) : eq(organisations.slug, idOrSlug))
    .limit(1);
  if (!row) throw new Error(`no organisation ${idOrSlug}`);
  return row.id;
}

/**
 * Starts the app on a fresh seeded database with the ids of the two demo organisations, the setup
 * every staff-side test file begins with (`beforeAll(async () => ({ t, espoo, kaarina } = await startStaffTestApp()))`).
 */
export async function startStaffTestApp(
  env: Parameters<typeof startTestApp>[0] = {},
): Promise<{ t: TestApp; espoo: string; kaarina: string }> {
  const t = await startTestApp(env);
  return { t, espoo: await organisationId(t, 'espoo-demo'), kaarina: await organisationId(t, 'kaarina-demo') };
}

export type AccountOptions = {
  /** Null: no password set yet (registration pending). */
  password?: string | null;
  isGlobalAdmin?: boolean;
  /** Organisation slug or id of the admin membership; null for none. */
  organisation?: string | null;
  preset?: AdminPreset;
  rights?: AdminRights;
  /** Organisation slug or id where the user is also an expert. */
  expertIn?: string;
  active?: boolean;
  locked?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
};

/** Inserts a member of staff straight into the database (for tests of sign-in and user management). */
export async function createStaffAccount(t: TestApp, opts: AccountOptions = {}): Promise<{ id: string; email: string }> {
  const db = t.database.db;
  const email = opts.email ?? `user-${randomBytes(6).toString('hex')}@test.example`;
  const password = opts.password === undefined ? GOOD_PASSWORD : opts.password;
  const [user] = await db
    .insert(staffUsers)
    .values({
      email,
      firstName: opts.firstName ?? 'Testi',
      lastName: opts.lastName ?? 'Käyttäjä',
      passwordHash: password === null ? null : await hashSecret(password),
      isGlobalAdmin: opts.isGlobalAdmin ?? false,
      active: opts.active ?? true,
      locked: opts.locked ?? false,
    })
    .returning({ id: staffUsers.id });
  const org = opts.organisation === undefined ? 'espoo-demo' : opts.organisation;
  if (org !== null) {
    const preset = opts.preset ?? 'organisationAdmin';
    await db
      .insert(adminMemberships)
      .values({ userId: user!.id, organisationId: await organisationId(t, org), preset, rights: effectiveRights(preset, opts.rights) });
  }
  if (opts.expertIn) {
    await db.insert(experts).values({
      userId: user!.id,
      organisationId: await organisationId(t, opts.expertIn),
      specializations: ['nurse'],
      chatQueueId: 'q-test',
    });
  }
  return { id: user!.id, email };
}

export type StaffSessionOptions = {
  /** The organisation (id or seed slug) the admin works in; defaults to the first demo organisation. */
  organisation?: string;
  preset?: AdminPreset;
  /** Rights of a `custom` membership. */
  rights?: AdminRights;
  appRole?: 'admin' | 'expert';
  isGlobalAdmin?: boolean;
};

/**
 * Signs a new member of staff in to `browser` without the sign-in routes: inserts a user without a
 * password, their membership (preset rights from the contracts), and a server-side session, and sets
 * the session and CSRF cookies. For tests of admin routes; the staff sign-in itself is tested through its own routes.
 */
export async function signInStaff(
  t: TestApp,
  browser: TestBrowser,
  opts: StaffSessionOptions = {},
): Promise<{ userId: string; organisationId: string; email: string }> {
  const orgId = await organisationId(t, opts.organisation);
  const { id, email } = await createStaffAccount(t, {
    password: null,
    lastName: 'Ylläpitäjä',
    email: `staff-${randomBytes(6).toString('hex')}@test.example`,
    isGlobalAdmin: opts.isGlobalAdmin,
    organisation: orgId,
    preset: opts.preset,
    rights: opts.rights,
  });
  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: id,
    appRole: opts.appRole ?? 'admin',
    organisationId: orgId,
  });
  browser.setCookie('prsp_session', token);
  withCsrfCookie(browser);
  return { userId: id, organisationId: orgId, email };
}

/** A fresh browser signed in as a new member of staff (see `signInStaff`). */
export async function staffBrowser(t: TestApp, opts: StaffSessionOptions = {}): Promise<TestBrowser> {
  const browser = new TestBrowser(t.baseUrl);
  await signInStaff(t, browser, opts);
  return browser;
}

/** Signs in through `POST /api/sso/login`, as the admin or expert app does. */
export function staffLogin(browser: TestBrowser, username: string, password: string, appRole: AppRole = 'admin'): Promise<Response> {
  withCsrfCookie(browser);
  return browser.fetch('/api/sso/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, app_role: appRole }),
  });
}

/** A refused staff sign-in: 101, the same answer whether or not the account exists, and no session cookie. */
export async function expectStaffLoginFailed(res: Response): Promise<void> {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    status: 'error',
    statusCode: 101,
    errorKey: 'errors.notAuthenticated',
    message: expect.any(String),
  });
  expect(setCookieAttributes(res, 'prsp_session')).toBeUndefined();
}

/** Gives a fresh browser the double-submit cookie the web app gets from its first GET. */
export function withCsrfCookie(browser: TestBrowser): TestBrowser {
  if (!browser.cookie('prsp_csrf')) browser.setCookie('prsp_csrf', randomBytes(16).toString('hex'));
  return browser;
}

/** Sends `body` as JSON (POST unless told), with the CSRF cookie and header. */
export function postJson(browser: TestBrowser, path: string, body: unknown = {}, method = 'POST'): Promise<Response> {
  withCsrfCookie(browser);
  return browser.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** An error answer's field errors as `{ field: messageKey }`, for comparing in one expectation. */
export function fieldKeys(body: { fields?: { field: string; messageKey: string }[] }): Record<string, string> {
  return Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messageKey]));
}

/** The newest e-mail queued to `to`, with the path and token of the link in it. */
export async function lastEmailTo(t: TestApp, to: string) {
  const [mail] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  if (!mail) return undefined;
  const link = /(https?:\/\/\S+\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  const url = link ? new URL(link) : undefined;
  return { mail, url, token: url?.searchParams.get('token') ?? undefined };
}

export async function emailsTo(t: TestApp, to: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
}
