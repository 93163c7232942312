import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { adminMemberships, experts, staffUsers } from '../../db/schema';

/** The organisation's admins (global admins are nobody's to delete) or experts, with when they were last active. */
export async function staffOf(tx: Tx, organisationId: string, kind: 'admin' | 'expert') {
  const lastActive = sql<Date>`coalesce(${staffUsers.lastLoginAt}, ${staffUsers.createdAt})`.mapWith((v: string | Date) => new Date(v));
  if (kind === 'admin') {
    return tx
      .select({ userId: staffUsers.id, lastActive })
      .from(adminMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, adminMemberships.userId))
      .where(and(eq(adminMemberships.organisationId, organisationId), eq(staffUsers.isGlobalAdmin, false)));
  }
  return tx
    .select({ userId: staffUsers.id, lastActive })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.organisationId, organisationId));
}

/** Removes the user's place in the organisation as admin or expert. */
export async function deletePlace(tx: Tx, organisationId: string, userId: string, kind: 'admin' | 'expert'): Promise<void> {
  if (kind === 'admin') {
    await tx.delete(adminMemberships).where(and(eq(adminMemberships.organisationId, organisationId), eq(adminMemberships.userId, userId)));
  } else {
    await tx.delete(experts).where(and(eq(experts.organisationId, organisationId), eq(experts.userId, userId)));
  }
}

/** Deletes the user when no place is left anywhere and they are no global admin. */
export async function deleteUserIfPlaceless(tx: Tx, userId: string): Promise<boolean> {
  const [m] = await tx.select({ n: count() }).from(adminMemberships).where(eq(adminMemberships.userId, userId));
  const [e] = await tx.select({ n: count() }).from(experts).where(eq(experts.userId, userId));
  if ((m?.n ?? 0) + (e?.n ?? 0) > 0) return false;
  const gone = await tx
    .delete(staffUsers)
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.isGlobalAdmin, false)))
    .returning({ id: staffUsers.id });
  return gone.length > 0;
}
