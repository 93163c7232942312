import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { effectiveRights, type AdminArea, type AdminPreset, type AdminRights } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { adminMemberships, staffUsers } from '../../db/schema';
import { AppError } from '../app-error';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by the admin guards: who is acting, in which organisation, with which rights. */
    staff?: StaffContext;
  }
}

export type StaffContext = {
  userId: string;
  isGlobalAdmin: boolean;
  organisationId: string | null;
  /** The rights in `organisationId`; a global admin has every right in every organisation. */
  rights: AdminRights;
};

const ALL: AdminRights = effectiveRights('organisationAdmin', undefined);

/** Loads who the signed-in staff member is and what they may do in the session's organisation. */
export async function loadStaffContext(db: Db, req: FastifyRequest): Promise<StaffContext> {
  const session = req.session;
  if (!session?.staffUserId || session.appRole !== 'admin') throw new AppError(101);
  const [user] = await db
    .select({ isGlobalAdmin: staffUsers.isGlobalAdmin, active: staffUsers.active, locked: staffUsers.locked })
    .from(staffUsers)
    .where(eq(staffUsers.id, session.staffUserId))
    .limit(1);
  if (!user || user.locked) throw new AppError(101);
  if (!user.active) throw new AppError(607);
  if (user.isGlobalAdmin) return { userId: session.staffUserId, isGlobalAdmin: true, organisationId: session.organisationId, rights: ALL };
  if (!session.organisationId)
    return { userId: session.staffUserId, isGlobalAdmin: false, organisationId: null, rights: effectiveRights('custom', undefined) };
  const [membership] = await db
    .select({ preset: adminMemberships.preset, rights: adminMemberships.rights })
    .from(adminMemberships)
    .where(and(eq(adminMemberships.userId, session.staffUserId), eq(adminMemberships.organisationId, session.organisationId)))
    .limit(1);
  const rights = membership ? effectiveRights(membership.preset as AdminPreset, membership.rights) : effectiveRights('custom', undefined);
  return { userId: session.staffUserId, isGlobalAdmin: false, organisationId: session.organisationId, rights };
}

/**
 * Route guard for admin routes: the caller must be a signed-in admin (101), working in an organisation,
 * with `need` over `area` there (403). Object-level checks (is this object in that organisation?) stay in the services.
 */
export function requireAdminRight(db: Db, area: AdminArea, need: 'view' | 'edit') {
  return async (req: FastifyRequest): Promise<void> => {
    const staff = await loadStaffContext(db, req);
    if (!staff.organisationId) throw new AppError(403, { detail: 'no organisation chosen' });
    if (!staff.rights[area][need]) throw new AppError(403, { detail: `missing ${need} right over ${area}` });
    req.staff = staff;
  };
}

/** Route guard for global settings, global user management and new organisations. */
export function requireGlobalAdmin(db: Db) {
  return async (req: FastifyRequest): Promise<void> => {
    const staff = await loadStaffContext(db, req);
    if (!staff.isGlobalAdmin) throw new AppError(403, { detail: 'global admin only' });
    req.staff = staff;
  };
}

/** Route guard for the expert app: a signed-in expert (101 otherwise). */
export async function requireExpert(req: FastifyRequest): Promise<void> {
  if (!req.session?.staffUserId || req.session.appRole !== 'expert') throw new AppError(101);
}
