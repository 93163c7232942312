import type { AdminRights, FeatureFlags } from '@prsp/contracts';
import type { RouteAccess } from '../platform/access/route-access';

/**
 * Who a caller of the access matrix is, as far as the access guard can tell: the session it carries (none, a patient's,
 * an admin's, an expert's), the state of a patient's organisation, an admin's rights, and a bearer token. The matrix
 * test signs each caller in through the real routes and describes it here; `guardAllows` then says what every
 * declaration must answer it.
 */
export type CallerProfile = {
  session: 'none' | 'patient' | 'admin' | 'expert';
  /** A patient session's selected organisation: its flags and whether its terms count as accepted; null when none. */
  patient?: { organisation: { flags: FeatureFlags; termsAccepted: boolean } | null };
  /** An admin session: global or not, whether it works in an organisation, and its rights there. */
  admin?: { isGlobalAdmin: boolean; organisationChosen: boolean; rights: AdminRights };
  /** The bearer token the caller sends: a guest's (bound to one appointment) or the survey runner's. */
  bearer: 'none' | 'guest' | 'surveyToken';
};

/** A declaration kind this function has no rule for: the matrix fails rather than guess. */
export class UnknownDeclarationError extends Error {
  constructor(kind: string) {
    super(`the access matrix has no expectation for declarations of kind '${kind}': add one to guardAllows`);
  }
}

function patientPasses(caller: CallerProfile, rule: Extract<RouteAccess, { kind: 'patient' }>): boolean {
  if (caller.session !== 'patient') return false;
  const organisation = caller.patient?.organisation ?? null;
  if (!organisation) return rule.organisation !== 'required';
  if (rule.flag && !organisation.flags[rule.flag]) return false;
  return !rule.terms || organisation.termsAccepted;
}

function adminRights(caller: CallerProfile): CallerProfile['admin'] | undefined {
  return caller.session === 'admin' ? caller.admin : undefined;
}

/**
 * Whether the access guard lets `caller` through a route or socket event declared `access`: the rule of
 * `platform/access/route-access.ts`, written again from its documentation rather than derived from its code, so the
 * matrix checks one against the other. Object-level rules (is this channel, booking, template the caller's?) are the
 * services', not the guard's; the matrix checks those separately. A kind it does not know throws: a new kind of
 * declaration needs its rule here before its routes can pass the matrix.
 */
export function guardAllows(access: RouteAccess | { kind: string }, caller: CallerProfile): boolean {
  const declared = access as RouteAccess;
  switch (declared.kind) {
    case 'anyone':
      return true;
    case 'patientSession':
      return caller.session === 'patient';
    case 'patient':
      return patientPasses(caller, declared);
    case 'staff':
      return caller.session === 'admin' || caller.session === 'expert';
    case 'expert':
      return caller.session === 'expert';
    case 'admin': {
      const admin = adminRights(caller);
      if (!admin) return false;
      if (admin.isGlobalAdmin) return admin.organisationChosen;
      return admin.organisationChosen && admin.rights[declared.area][declared.need];
    }
    case 'anyAdmin':
      return caller.session === 'admin';
    case 'globalAdmin':
      return adminRights(caller)?.isGlobalAdmin === true;
    case 'chatMember':
      // A guest's token first; then a patient by the remote reception rule; then an expert.
      if (caller.bearer === 'guest') return true;
      if (caller.session === 'patient')
        return patientPasses(caller, { kind: 'patient', organisation: 'required', terms: true, flag: 'remoteReceptionEnabled' });
      return caller.session === 'expert';
    case 'guest':
      return caller.bearer === 'guest';
    case 'surveyToken':
      return caller.bearer === 'surveyToken';
    case 'apiClient':
      // An organisation's FHIR API client with its OAuth access token: no session and no other token stands for one.
      return false;
    default:
      throw new UnknownDeclarationError((access as { kind: string }).kind);
  }
}
