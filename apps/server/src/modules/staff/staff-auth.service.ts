import {
  DEFAULT_LANGUAGE,
  NO_RIGHTS,
  PRESET_RIGHTS,
  effectiveRights,
  toLanguage,
  type AppRole,
  type StaffUserData,
  languageTag,
} from '@prsp/contracts';
import type { Sender } from '../../platform/mail/sender';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { createSession, destroySession, saveSessionData, type Session, type SessionPolicy } from '../../platform/session/sessions.service';
import { countsTowardsLockout, identifierKey, initialOrganisation, isLockedOut, lockoutAfterFailure } from './login-rules';
import { verifyAgainstDummy, verifySecret } from '../../platform/crypto/secret-hash';
import * as repo from './staff.repo';
import { setSessionOrganisation } from '../../platform/session/sessions.service';

export type StaffDeps = { db: Db; policy: SessionPolicy; publicUrl: string; sender: Sender };

type Workplaces = { organisations: repo.OrganisationRefRow[]; memberships: repo.MembershipRow[] };

/**
 * Where a user may work in an app role: the organisations they administer (every one for a global admin)
 * or work in as an expert. Undefined when they do not hold the role at all.
 */
export async function workplacesOf(tx: Tx, user: repo.StaffUserRow, appRole: AppRole): Promise<Workplaces | undefined> {
  if (appRole === 'expert') {
    const organisations = await repo.expertOrganisationsOf(tx, user.id);
    return organisations.length ? { organisations, memberships: [] } : undefined;
  }
  const memberships = await repo.membershipsOf(tx, user.id);
  if (user.isGlobalAdmin) return { organisations: await repo.allOrganisations(tx), memberships };
  if (!memberships.length) return undefined;
  return { organisations: memberships.map((m) => ({ id: m.organisationId, name: m.organisationName })), memberships };
}

type LoginInput = { username: string; password: string; appRole: AppRole; ip: string; previousSessionId?: string };
type Failure = 'unknownUser' | 'noPassword' | 'lockedOut' | 'wrongPassword' | 'locked' | 'noRole';

/**
 * Staff sign-in (spec §4 'Authentication (admin and expert)'). Every failure answers the same 101, whether the
 * account exists or not, and costs one password check's time. Five failed tries in a row shut sign-in for the
 * typed identifier for 15 minutes; meanwhile every try, with any password, answers 102 with the time it opens.
 * Only a user who gave the right password learns that the account is inactive (607).
 * Success starts a new session (new token), in the only organisation the user has, else in none.
 *
 * Why the lockout answer is safe: it is given for the identifier, not for the account. An identifier that
 * belongs to no account counts its failures in `staff_login_throttle` and shuts just like a real account, so
 * '102' never tells that an account exists. It is also given before and regardless of the password: answering
 * the lockout only after a right password would let a guesser go on guessing during the lockout and learn
 * when a guess was right, which is what the lockout is there to stop.
 */
export async function login(deps: StaffDeps, input: LoginInput, now = new Date()): Promise<{ token: string }> {
  const user = await repo.findStaffByEmail(deps.db, input.username);
  const lockedUntil = user ? user.lockedUntil : await repo.throttleLockedUntil(deps.db, identifierKey(input.username));
  if (isLockedOut(lockedUntil, now)) {
    await verifyAgainstDummy(input.password);
    await recordAudit(deps.db, {
      actorType: 'staff',
      actorId: user?.id ?? null,
      action: 'staff.loginFailed',
      ip: input.ip,
      details: { reason: 'lockedOut' },
    });
    throw new AppError(102, { detail: 'staff sign-in refused: lockedOut', retryAt: lockedUntil! });
  }
  const failure = await checkPassword(user, input.password);
  if (!user || failure) return refuse(deps, user, failure ?? 'unknownUser', input, now);

  // The password was right from here on.
  if (user.locked) return refuse(deps, user, 'locked', input, now);
  const places = await workplacesOf(deps.db, user, input.appRole);
  if (!places) return refuse(deps, user, 'noRole', input, now);
  if (!user.active) {
    await recordAudit(deps.db, {
      actorType: 'staff',
      actorId: user.id,
      action: 'staff.loginRefused',
      ip: input.ip,
      details: { reason: 'inactive' },
    });
    throw new AppError(607);
  }

  return deps.db.transaction(async (tx) => {
    await repo.recordLoginSuccess(tx, user.id, now);
    if (input.previousSessionId) await destroySession(tx, input.previousSessionId);
    const organisationId = initialOrganisation(places.organisations.map((o) => o.id));
    const { token, session } = await createSession(tx, deps.policy, { staffUserId: user.id, appRole: input.appRole, organisationId }, now);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: user.id,
      action: 'staff.login',
      objectType: 'session',
      objectId: session.id,
      ip: input.ip,
      details: { appRole: input.appRole },
    });
    return { token };
  });
}

/** Why the password does not open the account, or undefined when it does; always one hash check's work. */
async function checkPassword(user: repo.StaffUserRow | undefined, password: string): Promise<Failure | undefined> {
  if (!user?.passwordHash) {
    await verifyAgainstDummy(password);
    return user ? 'noPassword' : 'unknownUser';
  }
  return (await verifySecret(user.passwordHash, password)) ? undefined : 'wrongPassword';
}

/** Records a failed sign-in (and counts it towards the lockout when it should), then answers the one failure. */
async function refuse(
  deps: StaffDeps,
  user: repo.StaffUserRow | undefined,
  reason: Failure,
  input: { username: string; ip: string },
  now: Date,
): Promise<never> {
  await deps.db.transaction(async (tx) => {
    if (countsTowardsLockout(reason)) {
      if (user) {
        const until = lockoutAfterFailure(await repo.countLoginFailure(tx, user.id), now);
        if (until) await repo.lockOutUntil(tx, user.id, until);
      } else {
        const key = identifierKey(input.username);
        const until = lockoutAfterFailure(await repo.countThrottleFailure(tx, key, now), now);
        if (until) await repo.lockThrottleUntil(tx, key, until);
      }
    }
    // The typed user name is not recorded: it may be someone's password typed in the wrong field.
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: user?.id ?? null,
      action: 'staff.loginFailed',
      ip: input.ip,
      details: { reason },
    });
  });
  throw new AppError(101, { detail: `staff sign-in refused: ${reason}` });
}

/** The staff member a session belongs to, still allowed in: locked or removed → 101, deactivated → 607. */
export async function sessionUser(
  tx: Tx,
  session: Session | null,
): Promise<{ user: repo.StaffUserRow; appRole: AppRole; session: Session }> {
  if (!session?.staffUserId || !session.appRole) throw new AppError(101);
  const user = await repo.findStaffById(tx, session.staffUserId);
  if (!user || user.locked) throw new AppError(101);
  if (!user.active) throw new AppError(607);
  return { user, appRole: session.appRole, session };
}

/** `GET /api/sso/user_data`: who is signed in, to which app, in which organisation, with which rights. */
export async function userData(deps: StaffDeps, session: Session | null): Promise<StaffUserData> {
  const { user, appRole } = await sessionUser(deps.db, session);
  const places = await workplacesOf(deps.db, user, appRole);
  if (!places) throw new AppError(101, { detail: 'the user no longer holds the app role' });
  const organisation = places.organisations.find((o) => o.id === session!.organisationId) ?? null;
  let rights = NO_RIGHTS;
  if (appRole === 'admin' && organisation) {
    const membership = places.memberships.find((m) => m.organisationId === organisation.id);
    if (user.isGlobalAdmin) rights = PRESET_RIGHTS.organisationAdmin;
    else if (membership) rights = effectiveRights(membership.preset, membership.rights);
  }
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: appRole,
    isGlobalAdmin: user.isGlobalAdmin,
    language: toLanguage(user.uiLanguage) ?? DEFAULT_LANGUAGE,
    organisation,
    organisations: places.organisations,
    rights,
  };
}

/** Moves the session to another organisation the user may work in, in the same app role; 403 otherwise. */
export async function setOrganisation(
  deps: StaffDeps,
  session: Session | null,
  input: { appRole: AppRole; organisationId: string; ip: string },
): Promise<StaffUserData> {
  const { user, appRole } = await sessionUser(deps.db, session);
  if (input.appRole !== appRole) throw new AppError(403, { detail: 'set_role cannot change the app role' });
  const places = await workplacesOf(deps.db, user, appRole);
  if (!places?.organisations.some((o) => o.id === input.organisationId)) throw new AppError(403, { detail: 'not a workplace of the user' });
  await deps.db.transaction(async (tx) => {
    await setSessionOrganisation(tx, session!.id, input.organisationId);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: user.id,
      action: 'staff.setOrganisation',
      objectType: 'organisation',
      objectId: input.organisationId,
      ip: input.ip,
    });
  });
  return userData(deps, { ...session!, organisationId: input.organisationId });
}

/** Stores the interface language on the user (for e-mails) and the time zone on the session. */
export async function saveClientParams(
  deps: StaffDeps,
  session: Session | null,
  input: { lang: string; timezone?: string },
): Promise<void> {
  const { user } = await sessionUser(deps.db, session);
  const lang = toLanguage(input.lang) ?? 'fi';
  await deps.db.transaction(async (tx) => {
    await repo.setLanguage(tx, user.id, languageTag(lang));
    if (input.timezone) await saveSessionData(tx, session!.id, { ...session!.data, timezone: input.timezone });
  });
}

/** Ends this session. */
export async function logout(deps: StaffDeps, session: Session, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await destroySession(tx, session.id);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: session.staffUserId,
      action: 'staff.logout',
      objectType: 'session',
      objectId: session.id,
      ip,
    });
  });
}
