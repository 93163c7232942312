import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { effectiveRights, type AdminPreset, type AdminRights } from '@prsp/contracts';
import { adminMemberships, organisations, staffUsers } from '../db/schema';
import { createSession } from '../modules/identity/sessions.service';
import { randomToken } from '../platform/crypto/tokens';
import type { TestBrowser } from './http-client';
import type { TestApp } from './test-app';

export type StaffSessionOptions = {
  /** The organisation (id or seed slug) the admin works in; defaults to the first demo organisation. */
  organisation?: string;
  preset?: AdminPreset;
  /** Rights of a `custom` membership. */
  rights?: AdminRights;
  appRole?: 'admin' | 'expert';
  isGlobalAdmin?: boolean;
};

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
 * Signs a new member of staff in to `browser` without the sign-in routes: inserts a user, their
 * membership (preset rights from the contracts), and a server-side session, and sets the session and
 * CSRF cookies. For tests of admin routes; the staff sign-in itself is tested through its own routes.
 */
export async function signInStaff(
  t: TestApp,
  browser: TestBrowser,
  opts: StaffSessionOptions = {},
): Promise<{ userId: string; organisationId: string; email: string }> {
  const orgId = await organisationId(t, opts.organisation);
  const preset = opts.preset ?? 'organisationAdmin';
  const appRole = opts.appRole ?? 'admin';
  const email = `staff-${randomBytes(6).toString('hex')}@test.example`;
  const db = t.database.db;
  const [user] = await db
    .insert(staffUsers)
    .values({ email, firstName: 'Testi', lastName: 'Ylläpitäjä', passwordHash: null, isGlobalAdmin: opts.isGlobalAdmin ?? false })
    .returning({ id: staffUsers.id });
  await db
    .insert(adminMemberships)
    .values({ userId: user!.id, organisationId: orgId, preset, rights: effectiveRights(preset, opts.rights) });
  const { token } = await createSession(db, t.config.session, { staffUserId: user!.id, appRole, organisationId: orgId });
  browser.setCookie('prsp_session', token);
  // The double-submit token: any value the cookie and the header agree on.
  if (!browser.cookie('prsp_csrf')) browser.setCookie('prsp_csrf', randomToken());
  return { userId: user!.id, organisationId: orgId, email };
}
