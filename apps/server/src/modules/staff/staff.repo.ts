import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdminPreset, AdminRights } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { adminMemberships, experts, organisations, staffLoginThrottle, staffUsers } from '../../db/schema';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type MembershipRow = { organisationId: string; organisationName: string; preset: AdminPreset; rights: AdminRights };
export type OrganisationRefRow = { id: string; name: string };

export async function findStaffByEmail(tx: Tx, email: string): Promise<StaffUserRow | undefined> {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row;
}

export async function findStaffById(tx: Tx, id: string): Promise<StaffUserRow | undefined> {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

/** Counts one more wrong password atomically (concurrent attempts each count) and returns the new count. */
export async function countLoginFailure(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(staffUsers)
    .set({ failedLogins: sql`${staffUsers.failedLogins} + 1` })
    .where(eq(staffUsers.id, id))
    .returning({ failedLogins: staffUsers.failedLogins });
  return row?.failedLogins ?? 0;
}

/** Shuts the account until `until`; the count starts again from zero when it opens. */
export async function lockOutUntil(tx: Tx, id: string, until: Date): Promise<void> {
  await tx.update(staffUsers).set({ failedLogins: 0, lockedUntil: until }).where(eq(staffUsers.id, id));
}

/** Until when sign-in is shut for a typed identifier that belongs to no account (null when it is not). */
export async function throttleLockedUntil(tx: Tx, identifierHash: string): Promise<Date | null> {
  const [row] = await tx
    .select({ lockedUntil: staffLoginThrottle.lockedUntil })
    .from(staffLoginThrottle)
    .where(eq(staffLoginThrottle.identifierHash, identifierHash))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Counts one more failure for an identifier without an account (atomically, like `countLoginFailure`) and
 * returns the new count. Rows untouched for a day and not locked are dropped on the way, so typos do not pile up.
 */
export async function countThrottleFailure(tx: Tx, identifierHash: string, now: Date): Promise<number> {
  await tx
    .delete(staffLoginThrottle)
    .where(
      and(
        lt(staffLoginThrottle.updatedAt, new Date(now.getTime() - 86_400_000)),
        or(isNull(staffLoginThrottle.lockedUntil), lt(staffLoginThrottle.lockedUntil, now)),
      ),
    );
  const [row] = await tx
    .insert(staffLoginThrottle)
    .values({ identifierHash, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: staffLoginThrottle.identifierHash,
      set: { failures: sql`${staffLoginThrottle.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: staffLoginThrottle.failures });
  return row?.failures ?? 0;
}

/** Shuts sign-in for an identifier without an account until `until`; the count starts again from zero. */
export async function lockThrottleUntil(tx: Tx, identifierHash: string, until: Date): Promise<void> {
  await tx.update(staffLoginThrottle).set({ failures: 0, lockedUntil: until }).where(eq(staffLoginThrottle.identifierHash, identifierHash));
}

export async function recordLoginSuccess(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(staffUsers).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: at }).where(eq(staffUsers.id, id));
}

/** A new password also opens a lockout: whoever set it proved control of the account. */
export async function setPasswordHash(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx.update(staffUsers).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(staffUsers.id, id));
}

/** The language the user chose in a staff app: their apps start in it, and their e-mails are written in it. */
export async function setLanguage(tx: Tx, id: string, language: 'fi' | 'sv' | 'en'): Promise<void> {
  await tx.update(staffUsers).set({ language, uiLanguage: language }).where(eq(staffUsers.id, id));
}

/** The organisations each of several users administers (one query for a page of users), by organisation name. */
export async function membershipsOfUsers(tx: Tx, userIds: string[]): Promise<(MembershipRow & { userId: string })[]> {
  if (!userIds.length) return [];
  return tx
    .select({
      userId: adminMemberships.userId,
      organisationId: adminMemberships.organisationId,
      organisationName: organisations.name,
      preset: adminMemberships.preset,
      rights: adminMemberships.rights,
    })
    .from(adminMemberships)
    .innerJoin(organisations, eq(organisations.id, adminMemberships.organisationId))
    .where(inArray(adminMemberships.userId, userIds))
    .orderBy(asc(organisations.name));
}

/** The organisations a user administers, with preset and rights, by organisation name. */
export async function membershipsOf(tx: Tx, userId: string): Promise<MembershipRow[]> {
  return (await membershipsOfUsers(tx, [userId])).map(({ userId: _userId, ...membership }) => membership);
}

/** The organisations a user works in as an expert. */
export async function expertOrganisationsOf(tx: Tx, userId: string): Promise<OrganisationRefRow[]> {
  return tx
    .select({ id: organisations.id, name: organisations.name })
    .from(experts)
    .innerJoin(organisations, eq(organisations.id, experts.organisationId))
    .where(eq(experts.userId, userId))
    .orderBy(asc(organisations.name));
}

export async function allOrganisations(tx: Tx): Promise<OrganisationRefRow[]> {
  return tx.select({ id: organisations.id, name: organisations.name }).from(organisations).orderBy(asc(organisations.name));
}

/**
 * The caller's expert rows with their names: in `organisationId`, or in every organisation when it is null (the
 * caller decides what several rows mean).
 */
export function expertRowsOfUser(tx: Tx, userId: string, organisationId: string | null) {
  return tx
    .select({
      id: experts.id,
      userId: experts.userId,
      organisationId: experts.organisationId,
      first: staffUsers.firstName,
      last: staffUsers.lastName,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.userId, userId), organisationId ? eq(experts.organisationId, organisationId) : undefined));
}
