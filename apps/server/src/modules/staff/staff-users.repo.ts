import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPreset, AdminRights } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { adminMemberships, auditLog, experts, organisations, staffUsers } from '../../db/schema';
import { containsPattern } from '../../platform/like-pattern';
import type { StaffUserRow } from './staff.repo';

export type Paging = { search?: string; page: number; pageSize: number };

/** Staff whose full name or e-mail contains `search` (any case); no condition without a search. */
export function staffMatching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(sql`${staffUsers.firstName} || ' ' || ${staffUsers.lastName}`, pattern), ilike(staffUsers.email, pattern));
}

/** A page of the admins of one organisation, with their membership there, by last and first name. */
export async function pageOfOrganisationAdmins(tx: Tx, organisationId: string, paging: Paging) {
  const where = and(eq(adminMemberships.organisationId, organisationId), staffMatching(paging.search));
  const [total] = await tx
    .select({ n: count() })
    .from(staffUsers)
    .innerJoin(adminMemberships, eq(adminMemberships.userId, staffUsers.id))
    .where(where);
  const rows = await tx
    .select({ user: staffUsers, preset: adminMemberships.preset, rights: adminMemberships.rights })
    .from(staffUsers)
    .innerJoin(adminMemberships, eq(adminMemberships.userId, staffUsers.id))
    .where(where)
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(staffUsers.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** A page of all staff, by last and first name. */
export async function pageOfAllStaff(tx: Tx, paging: Paging) {
  const where = staffMatching(paging.search);
  const [total] = await tx.select({ n: count() }).from(staffUsers).where(where);
  const rows = await tx
    .select()
    .from(staffUsers)
    .where(where)
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(staffUsers.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function expertOrganisationsOfUsers(tx: Tx, userIds: string[]) {
  if (!userIds.length) return [];
  return tx
    .select({ userId: experts.userId, organisationId: experts.organisationId, organisationName: organisations.name })
    .from(experts)
    .innerJoin(organisations, eq(organisations.id, experts.organisationId))
    .where(inArray(experts.userId, userIds))
    .orderBy(asc(organisations.name));
}

/** A user together with their membership in one organisation; undefined when they are not an admin there. */
export async function findAdminInOrganisation(tx: Tx, organisationId: string, userId: string) {
  const [row] = await tx
    .select({ user: staffUsers, preset: adminMemberships.preset, rights: adminMemberships.rights })
    .from(staffUsers)
    .innerJoin(adminMemberships, eq(adminMemberships.userId, staffUsers.id))
    .where(and(eq(adminMemberships.organisationId, organisationId), eq(staffUsers.id, userId)))
    .limit(1);
  return row;
}

export async function insertStaffUser(
  tx: Tx,
  row: { email: string; firstName: string; lastName: string; language: 'fi' | 'sv' | 'en'; isGlobalAdmin: boolean },
): Promise<StaffUserRow> {
  const [created] = await tx.insert(staffUsers).values(row).returning();
  return created!;
}

export async function updateStaffUser(
  tx: Tx,
  id: string,
  values: Partial<Pick<StaffUserRow, 'firstName' | 'lastName' | 'active' | 'isGlobalAdmin' | 'locked' | 'failedLogins' | 'lockedUntil'>>,
): Promise<void> {
  await tx.update(staffUsers).set(values).where(eq(staffUsers.id, id));
}

export async function upsertMembership(tx: Tx, row: { userId: string; organisationId: string; preset: AdminPreset; rights: AdminRights }) {
  await tx
    .insert(adminMemberships)
    .values(row)
    .onConflictDoUpdate({
      target: [adminMemberships.userId, adminMemberships.organisationId],
      set: { preset: row.preset, rights: row.rights },
    });
}

/** Removes the user's memberships outside `keepOrganisationIds`. */
export async function deleteMembershipsExcept(tx: Tx, userId: string, keepOrganisationIds: string[]) {
  await tx
    .delete(adminMemberships)
    .where(
      keepOrganisationIds.length
        ? and(eq(adminMemberships.userId, userId), notInArray(adminMemberships.organisationId, keepOrganisationIds))
        : eq(adminMemberships.userId, userId),
    );
}

export async function deleteMembership(tx: Tx, userId: string, organisationId: string) {
  await tx.delete(adminMemberships).where(and(eq(adminMemberships.userId, userId), eq(adminMemberships.organisationId, organisationId)));
}

/** How many memberships and expert rows a user still has: a user with neither (and no global role) has no place left. */
export async function placesLeft(tx: Tx, userId: string): Promise<number> {
  const [m] = await tx.select({ n: count() }).from(adminMemberships).where(eq(adminMemberships.userId, userId));
  const [e] = await tx.select({ n: count() }).from(experts).where(eq(experts.userId, userId));
  return (m?.n ?? 0) + (e?.n ?? 0);
}

export async function deleteStaffUser(tx: Tx, id: string): Promise<void> {
  await tx.delete(staffUsers).where(eq(staffUsers.id, id));
}

export async function existingOrganisationIds(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids));
  return rows.map((r) => r.id);
}

/** Everything a user did, oldest first, for the action log download. */
export async function auditRowsOfActor(tx: Tx, userId: string) {
  return tx
    .select({
      at: auditLog.at,
      action: auditLog.action,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      onBehalfOf: auditLog.onBehalfOf,
      ip: auditLog.ip,
      organisationId: auditLog.organisationId,
    })
    .from(auditLog)
    .where(and(eq(auditLog.actorType, 'staff'), eq(auditLog.actorId, userId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
