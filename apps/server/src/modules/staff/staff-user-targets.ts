import { effectiveRights, type AdminPreset, type AdminRights, type GlobalUser, type OrganisationUser } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { StaffContext } from '../../platform/access/staff-access';
import { staffStatus } from './login-rules';
import { findStaffById, membershipsOfUsers, type StaffUserRow } from './staff.repo';
import { expertOrganisationsOfUsers, findAdminInOrganisation } from './staff-users.repo';
import { canManage } from './user-management-rules';

/**
 * Whose users an admin works on: every member of staff (global user management, global admins only)
 * or the admins of the organisation the admin works in now.
 */
export type UserScope = { kind: 'global'; actor: StaffContext } | { kind: 'organisation'; actor: StaffContext; organisationId: string };

export type Target = { user: StaffUserRow; preset: AdminPreset | null; rights: AdminRights | null };

/** The user an action is about, as the scope sees them: 601 when missing or outside the organisation. */
export async function findTarget(tx: Tx, scope: UserScope, userId: string): Promise<Target> {
  if (scope.kind === 'global') {
    const user = await findStaffById(tx, userId);
    if (!user) throw new AppError(601);
    return { user, preset: null, rights: null };
  }
  const row = await findAdminInOrganisation(tx, scope.organisationId, userId);
  if (!row) throw new AppError(601);
  return { user: row.user, preset: row.preset, rights: effectiveRights(row.preset, row.rights) };
}

/** Refuses (with `code`) an organisation admin acting on a user they may not manage; global admins may. */
export function assertCanManage(scope: UserScope, target: Target, code: 403 | 602 = 403): void {
  if (scope.kind === 'global') return;
  const managed = { userId: target.user.id, isGlobalAdmin: target.user.isGlobalAdmin, rights: target.rights! };
  if (!canManage(scope.actor, managed)) throw new AppError(code, { detail: 'target has rights the caller lacks' });
}

/** Nobody locks or deletes themselves: an admin cannot shut themselves out by a slip. */
export function assertNotSelf(scope: UserScope, target: Target): void {
  if (scope.actor.userId === target.user.id) throw new AppError(403, { detail: 'not on oneself' });
}

function base(user: StaffUserRow) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: staffStatus(user),
    locked: user.locked,
    lockedUntil: user.lockedUntil && user.lockedUntil.getTime() > Date.now() ? user.lockedUntil.toISOString() : null,
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    isGlobalAdmin: user.isGlobalAdmin,
  };
}

export function toOrganisationUser(user: StaffUserRow, preset: AdminPreset, rights: AdminRights): OrganisationUser {
  return { ...base(user), preset, rights: effectiveRights(preset, rights) };
}

/** Global list rows, with every membership and expert organisation of the users on the page. */
export async function toGlobalUsers(tx: Tx, users: StaffUserRow[]): Promise<GlobalUser[]> {
  const ids = users.map((u) => u.id);
  const memberships = await membershipsOfUsers(tx, ids);
  const expertOrgs = await expertOrganisationsOfUsers(tx, ids);
  return users.map((user) => ({
    ...base(user),
    memberships: memberships
      .filter((m) => m.userId === user.id)
      .map(({ organisationId, organisationName, preset, rights }) => ({
        organisationId,
        organisationName,
        preset,
        rights: effectiveRights(preset, rights),
      })),
    expertOrganisations: expertOrgs
      .filter((e) => e.userId === user.id)
      .map(({ organisationId, organisationName }) => ({ organisationId, organisationName })),
  }));
}
