import type {
  GlobalUser,
  GlobalUserCreate,
  GlobalUserUpdate,
  OrganisationUser,
  OrganisationUserCreate,
  OrganisationUserUpdate,
  Page,
  UserListQuery,
} from '@prsp/contracts';
import { languageTag } from '@prsp/contracts';
import type { Sender } from '../../platform/mail/sender';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { voidOpenPasswordTokens } from './password-tokens.repo';
import { inviteStaffUser } from './staff-invitations.service';
import { assertCanManage, assertNotSelf, findTarget, toGlobalUsers, toOrganisationUser, type UserScope } from './staff-user-targets';
import * as repo from './staff-users.repo';
import { findStaffByEmail } from './staff.repo';
import { deleteStaffSessions } from '../../platform/session/sessions.service';
import { canGrant, storedRights } from './user-management-rules';
import { sqlState, UNIQUE_VIOLATION } from '../../platform/db-errors';

export type UsersDeps = { db: Db; publicUrl: string; sender: Sender };
export type Ctx = { ip: string };

/** Audits an action on a member of staff, with the scope (and organisation) it was taken in. */
export function auditUserAction(tx: Tx, scope: UserScope, ctx: Ctx, action: string, userId: string, details?: Record<string, unknown>) {
  const organisationId = scope.kind === 'organisation' ? scope.organisationId : undefined;
  return recordAudit(tx, {
    actorType: 'staff',
    actorId: scope.actor.userId,
    action,
    objectType: 'staffUser',
    objectId: userId,
    ip: ctx.ip,
    details: { scope: scope.kind, ...(organisationId ? { organisationId } : {}), ...details },
  });
}

export async function listOrganisationUsers(
  deps: UsersDeps,
  organisationId: string,
  query: UserListQuery,
): Promise<Page<OrganisationUser>> {
  const { total, rows } = await repo.pageOfOrganisationAdmins(deps.db, organisationId, query);
  return { items: rows.map((r) => toOrganisationUser(r.user, r.preset, r.rights)), total, page: query.page, pageSize: query.pageSize };
}

export async function listGlobalUsers(deps: UsersDeps, query: UserListQuery): Promise<Page<GlobalUser>> {
  const { total, rows } = await repo.pageOfAllStaff(deps.db, query);
  return { items: await toGlobalUsers(deps.db, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function getOrganisationUser(
  deps: UsersDeps,
  scope: UserScope & { kind: 'organisation' },
  id: string,
): Promise<OrganisationUser> {
  const target = await findTarget(deps.db, scope, id);
  return toOrganisationUser(target.user, target.preset!, target.rights!);
}

export async function getGlobalUser(deps: UsersDeps, scope: UserScope, id: string): Promise<GlobalUser> {
  const target = await findTarget(deps.db, scope, id);
  return (await toGlobalUsers(deps.db, [target.user]))[0]!;
}

/**
 * Creates an admin with a membership (preset and rights) in one organisation and e-mails the 24-hour registration
 * link, all in one transaction. The e-mail must be new among all staff (1100). An organisation admin can give
 * only rights they hold.
 */
async function createAdmin(
  deps: UsersDeps,
  scope: UserScope,
  input: OrganisationUserCreate & { organisationId: string; isGlobalAdmin: boolean },
  ctx: Ctx,
): Promise<string> {
  const rights = storedRights(input.preset, input.rights);
  if (!canGrant(scope.actor, rights)) throw new AppError(403, { detail: 'cannot give rights one lacks' });
  if ((await repo.existingOrganisationIds(deps.db, [input.organisationId])).length === 0) throw new AppError(404);
  return deps.db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, input.email)) throw new AppError(1100);
    const user = await repo
      .insertStaffUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        language: languageTag(input.language),
        isGlobalAdmin: input.isGlobalAdmin,
      })
      .catch((err: unknown) => {
        // Two creations racing for one address: the unique index decides.
        throw isUniqueViolation(err) ? new AppError(1100) : err;
      });
    await repo.upsertMembership(tx, { userId: user.id, organisationId: input.organisationId, preset: input.preset, rights });
    await inviteStaffUser(tx, {
      userId: user.id,
      organisationId: input.organisationId,
      appRole: 'admin',
      language: input.language,
      publicUrl: deps.publicUrl,
      sender: deps.sender,
    });
    await auditUserAction(tx, scope, ctx, 'staff.user.created', user.id, {
      organisationId: input.organisationId,
      preset: input.preset,
      isGlobalAdmin: input.isGlobalAdmin,
    });
    return user.id;
  });
}

function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === UNIQUE_VIOLATION;
}

export async function createOrganisationUser(
  deps: UsersDeps,
  scope: UserScope & { kind: 'organisation' },
  input: OrganisationUserCreate,
  ctx: Ctx,
) {
  const id = await createAdmin(deps, scope, { ...input, organisationId: scope.organisationId, isGlobalAdmin: false }, ctx);
  return getOrganisationUser(deps, scope, id);
}

export async function createGlobalUser(deps: UsersDeps, scope: UserScope, input: GlobalUserCreate, ctx: Ctx) {
  const id = await createAdmin(deps, scope, input, ctx);
  return getGlobalUser(deps, scope, id);
}

/** Deactivating a user also ends their sessions and voids their open links: inactive means out now. */
async function applyActive(tx: Tx, userId: string, active: boolean) {
  if (active) return;
  await deleteStaffSessions(tx, userId);
  await voidOpenPasswordTokens(tx, userId);
}

export async function updateOrganisationUser(
  deps: UsersDeps,
  scope: UserScope & { kind: 'organisation' },
  id: string,
  input: OrganisationUserUpdate,
  ctx: Ctx,
) {
  await deps.db.transaction(async (tx) => {
    const target = await findTarget(tx, scope, id);
    assertCanManage(scope, target);
    const rights = storedRights(input.preset, input.rights);
    if (!canGrant(scope.actor, rights)) throw new AppError(403, { detail: 'cannot give rights one lacks' });
    if (!input.active && target.user.id === scope.actor.userId) throw new AppError(403, { detail: 'cannot deactivate oneself' });
    await repo.updateStaffUser(tx, id, { firstName: input.firstName, lastName: input.lastName, active: input.active });
    await repo.upsertMembership(tx, { userId: id, organisationId: scope.organisationId, preset: input.preset, rights });
    await applyActive(tx, id, input.active);
    await auditUserAction(tx, scope, ctx, 'staff.user.updated', id, { preset: input.preset, active: input.active });
  });
  return getOrganisationUser(deps, scope, id);
}

/** Global edit: names, active, global admin, and the whole list of memberships (others are removed). */
export async function updateGlobalUser(deps: UsersDeps, scope: UserScope, id: string, input: GlobalUserUpdate, ctx: Ctx) {
  const orgIds = input.memberships.map((m) => m.organisationId);
  if (new Set(orgIds).size !== orgIds.length) throw new AppError(400, { detail: 'an organisation twice in memberships' });
  await deps.db.transaction(async (tx) => {
    const target = await findTarget(tx, scope, id);
    if (target.user.id === scope.actor.userId && (!input.active || !input.isGlobalAdmin)) {
      throw new AppError(403, { detail: 'cannot deactivate or demote oneself' });
    }
    if ((await repo.existingOrganisationIds(tx, orgIds)).length !== orgIds.length) throw new AppError(404);
    await repo.updateStaffUser(tx, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      active: input.active,
      isGlobalAdmin: input.isGlobalAdmin,
    });
    await repo.deleteMembershipsExcept(tx, id, orgIds);
    for (const m of input.memberships) {
      await repo.upsertMembership(tx, {
        userId: id,
        organisationId: m.organisationId,
        preset: m.preset,
        rights: storedRights(m.preset, m.rights),
      });
    }
    await applyActive(tx, id, input.active);
    await auditUserAction(tx, scope, ctx, 'staff.user.updated', id, {
      active: input.active,
      isGlobalAdmin: input.isGlobalAdmin,
      organisations: orgIds,
    });
  });
  return getGlobalUser(deps, scope, id);
}

/**
 * Global delete removes the user. Deleting from an organisation removes their membership there, and the user too
 * when nothing is left (no other membership, no expert work, not a global admin).
 */
export async function deleteUser(deps: UsersDeps, scope: UserScope, id: string, ctx: Ctx): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await findTarget(tx, scope, id);
    assertNotSelf(scope, target);
    assertCanManage(scope, target);
    let removedUser = true;
    if (scope.kind === 'organisation') {
      await repo.deleteMembership(tx, id, scope.organisationId);
      removedUser = !target.user.isGlobalAdmin && (await repo.placesLeft(tx, id)) === 0;
    }
    if (removedUser) await repo.deleteStaffUser(tx, id);
    await auditUserAction(tx, scope, ctx, 'staff.user.deleted', id, { removedUser });
  });
}
