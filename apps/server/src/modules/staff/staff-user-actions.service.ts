import type { Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { actionLogCsv } from './action-log-csv';
import { sendPasswordLink, templateLanguage } from './staff-invitations.service';
import { assertCanManage, assertNotSelf, findTarget, type Target, type UserScope } from './staff-user-targets';
import { auditUserAction, type Ctx, type UsersDeps } from './staff-users.service';
import * as repo from './staff-users.repo';
import { expertOrganisationsOf, membershipsOf } from './staff.repo';
import { deleteStaffSessions } from '../../platform/session/sessions.service';
import type { PatientReads } from '../../platform/audit/patient-reads';

/** Runs `act` on a user the caller may manage, in one transaction with its audit row. */
async function onManagedUser(
  deps: UsersDeps,
  scope: UserScope,
  id: string,
  opts: { refuse?: 403 | 602; notSelf?: boolean },
  act: (tx: Tx, target: Target) => Promise<Record<string, unknown> | void>,
  ctx: Ctx,
  action: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await findTarget(tx, scope, id);
    if (opts.notSelf) assertNotSelf(scope, target);
    assertCanManage(scope, target, opts.refuse);
    const details = await act(tx, target);
    await auditUserAction(tx, scope, ctx, action, id, details ?? undefined);
  });
}

/**
 * E-mails the user a link to set a new password: 30 minutes, or the 24-hour registration link when they have never
 * set one. 602 when an organisation admin may not manage the user (a global admin, or one with more rights).
 */
export function resetPassword(deps: UsersDeps, scope: UserScope, id: string, ctx: Ctx): Promise<void> {
  return onManagedUser(
    deps,
    scope,
    id,
    { refuse: 602 },
    async (tx, { user }) => {
      const memberships = await membershipsOf(tx, user.id);
      const expertOrgs = memberships.length || user.isGlobalAdmin ? [] : await expertOrganisationsOf(tx, user.id);
      const appRole = memberships.length || user.isGlobalAdmin ? 'admin' : 'expert';
      const organisationId =
        scope.kind === 'organisation' ? scope.organisationId : (memberships[0]?.organisationId ?? expertOrgs[0]?.id ?? null);
      const purpose = user.passwordHash ? 'reset' : 'register';
      await sendPasswordLink(tx, {
        userId: user.id,
        organisationId,
        appRole,
        language: templateLanguage(user.language),
        publicUrl: deps.publicUrl,
        sender: deps.sender,
        purpose,
      });
      return { purpose };
    },
    ctx,
    'staff.user.passwordResetSent',
  );
}

/** Locks the user out (they cannot sign in) and ends their sessions. */
export function lockUser(deps: UsersDeps, scope: UserScope, id: string, ctx: Ctx): Promise<void> {
  return onManagedUser(
    deps,
    scope,
    id,
    { notSelf: true },
    async (tx) => {
      await repo.updateStaffUser(tx, id, { locked: true });
      return { sessionsEnded: await deleteStaffSessions(tx, id) };
    },
    ctx,
    'staff.user.locked',
  );
}

/** Unlocks the user and also opens a lockout from wrong passwords. */
export function unlockUser(deps: UsersDeps, scope: UserScope, id: string, ctx: Ctx): Promise<void> {
  return onManagedUser(
    deps,
    scope,
    id,
    {},
    async (tx) => {
      await repo.updateStaffUser(tx, id, { locked: false, failedLogins: 0, lockedUntil: null });
    },
    ctx,
    'staff.user.unlocked',
  );
}

/** Ends all the user's sessions in every app. */
export function logoutUser(deps: UsersDeps, scope: UserScope, id: string, ctx: Ctx): Promise<void> {
  return onManagedUser(
    deps,
    scope,
    id,
    {},
    async (tx) => ({ sessionsEnded: await deleteStaffSessions(tx, id) }),
    ctx,
    'staff.user.loggedOut',
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's audited actions as CSV. Reading someone's action log is itself an audited action,
 * recorded in the same transaction as the read. A row whose object is a patient (a lookup by identity code) shows
 * that patient's id, so the download is a read of each such patient's data (`reads`, docs/security.md), logged as
 * one in their organisation against the user whose log it is.
 */
export async function actionLog(
  deps: UsersDeps,
  scope: UserScope,
  id: string,
  ctx: Ctx,
  lang: Language,
  reads: PatientReads,
): Promise<{ filename: string; csv: string }> {
  let csv = '';
  await onManagedUser(
    deps,
    scope,
    id,
    {},
    async (tx) => {
      const rows = await repo.auditRowsOfActor(tx, id);
      reads.show(
        rows.flatMap((r) =>
          r.objectType === 'patient' && r.objectId && UUID.test(r.objectId) && r.organisationId
            ? [{ patientId: r.objectId, organisationId: r.organisationId, objectType: 'staffUser', objectId: id }]
            : [],
        ),
      );
      csv = actionLogCsv(rows, lang);
      return { rows: rows.length };
    },
    ctx,
    'staff.user.actionLogDownloaded',
  );
  return { filename: `action-log-${id}.csv`, csv };
}
