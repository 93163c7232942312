import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { effectiveRights, type AdminPreset, type AdminRights, type AppRole } from '@prsp/contracts';
import { adminMemberships, experts, outboxEmails, staffUsers } from '../db/schema';
import { hashPassword } from '../modules/staff/password-hashing';
import type { TestBrowser } from './http-client';
import { organisationId } from './staff-session';
import type { TestApp } from './test-app';

export const GOOD_PASSWORD = 'Correct-Horse-42';

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
      passwordHash: password === null ? null : await hashPassword(password),
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

/** Signs in through `POST /api/sso/login`, as the admin or expert app does. */
export function staffLogin(browser: TestBrowser, username: string, password: string, appRole: AppRole = 'admin'): Promise<Response> {
  withCsrfCookie(browser);
  return browser.fetch('/api/sso/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, app_role: appRole }),
  });
}

/** Gives a fresh browser the double-submit cookie the web app gets from its first GET. */
export function withCsrfCookie(browser: TestBrowser): TestBrowser {
  if (!browser.cookie('prsp_csrf')) browser.setCookie('prsp_csrf', randomBytes(16).toString('hex'));
  return browser;
}

export function postJson(browser: TestBrowser, path: string, body: unknown = {}): Promise<Response> {
  withCsrfCookie(browser);
  return browser.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
