import { effectiveRights, type AdminArea, type AdminPreset, type AdminRights } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { findAdminMembership, findStaffStanding } from './access.repo';
import type { Session } from '../session/sessions.service';

/** Who is acting in the admin app, in which organisation, with which rights. */
export type StaffContext = {
  userId: string;
  isGlobalAdmin: boolean;
  organisationId: string | null;
  /** The rights in `organisationId`; a global admin has every right in every organisation. */
  rights: AdminRights;
};

const ALL: AdminRights = effectiveRights('organisationAdmin', undefined);

/** Loads who the signed-in admin is and what they may do in the session's organisation (101 / 607 otherwise). */
export async function loadStaffContext(db: Db, session: Session | null): Promise<StaffContext> {
  if (!session?.staffUserId || session.appRole !== 'admin') throw new AppError(101);
  const user = await findStaffStanding(db, session.staffUserId);
  if (!user || user.locked) throw new AppError(101);
  if (!user.active) throw new AppError(607);
  if (user.isGlobalAdmin) return { userId: session.staffUserId, isGlobalAdmin: true, organisationId: session.organisationId, rights: ALL };
  if (!session.organisationId)
    return { userId: session.staffUserId, isGlobalAdmin: false, organisationId: null, rights: effectiveRights('custom', undefined) };
  const membership = await findAdminMembership(db, session.staffUserId, session.organisationId);
  const rights = membership ? effectiveRights(membership.preset as AdminPreset, membership.rights) : effectiveRights('custom', undefined);
  return { userId: session.staffUserId, isGlobalAdmin: false, organisationId: session.organisationId, rights };
}

/**
 * An admin working in an organisation with `need` over `area` there (403 otherwise). Object-level checks (is this
 * object in that organisation?) stay in the services.
 */
export async function loadAdminContext(db: Db, session: Session | null, area: AdminArea, need: 'view' | 'edit'): Promise<StaffContext> {
  const staff = await loadStaffContext(db, session);
  if (!staff.organisationId) throw new AppError(403, { detail: 'no organisation chosen' });
  if (!staff.rights[area][need]) throw new AppError(403, { detail: `missing ${need} right over ${area}` });
  return staff;
}

/** A global admin: global settings, global user management and new organisations. */
export async function loadGlobalAdminContext(db: Db, session: Session | null): Promise<StaffContext> {
  const staff = await loadStaffContext(db, session);
  if (!staff.isGlobalAdmin) throw new AppError(403, { detail: 'global admin only' });
  return staff;
}

/** A signed-in member of staff in either app (101 otherwise). */
export function requireStaffSession(session: Session | null): Session & { staffUserId: string } {
  if (!session?.staffUserId) throw new AppError(101);
  return session as Session & { staffUserId: string };
}

/** A signed-in expert (101 otherwise). */
export function requireExpertSession(session: Session | null): Session & { staffUserId: string } {
  if (!session?.staffUserId || session.appRole !== 'expert') throw new AppError(101);
  return session as Session & { staffUserId: string };
}
