import type { AdminArea } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../session/sessions.service';
import { loadApiClientContext, type ApiClientContext } from './api-client-access';
import { loadGuestContext, type GuestContext } from './guest-access';
import { loadSurveyGrant, type SurveyTokenGrant } from './survey-access';
import type { ReadModelCache } from '../cache/read-model-cache';
import { loadPatientContext, requirePatientSession, type PatientAccessRule, type PatientContext } from './patient-access';
import {
  loadAdminContext,
  loadGlobalAdminContext,
  loadStaffContext,
  requireExpertSession,
  requireStaffSession,
  type StaffContext,
} from './staff-access';

/**
 * Who may call a route (or a socket event), declared in its options as `config: { access }`. The access plugin refuses to start an app
 * with an `/api/` route that declares none, and puts the matching loader in front of each route:
 * - `anyone`: no session needed (sign-in, public lists and looks, logouts that end whatever session there is);
 * - `patientSession`: a signed-in patient, checked on the session alone with no database read: for the calls the app
 *   makes on every page (auth check, user info, stripped token);
 * - `patient`: a signed-in patient, with the onboarding state and feature flag of `PatientAccessRule`;
 * - `staff`: a signed-in member of staff in either app (their own password and settings);
 * - `expert`: a signed-in expert;
 * - `admin`: an admin working in an organisation with `need` over `area` there; `object` names what the path's
 *   `:id` is, so the rights matrix test can make one in another organisation and expect it refused;
 * - `anyAdmin`: any signed-in admin (the service scopes what they see);
 * - `globalAdmin`: a global admin;
 * - `chatMember`: whoever can be in a chat: a guest with their bearer token, a signed-in patient (remote reception on,
 *   terms accepted), or an expert; the chat service then checks membership of the channel itself;
 * - `guest`: a guest with their bearer token (`Authorization: Bearer …`) and nothing else; the service then checks
 *   that the token is bound to the appointment the path names;
 * - `surveyToken`: the survey runner's bearer token (`Authorization: Bearer …`) and nothing else, no cookie: the page
 *   runs in a sandboxed frame, and its token is bound to one response and one audience (docs/surveys.md);
 * - `apiClient`: an organisation's FHIR API client with its OAuth access token (`Authorization: Bearer …`) and nothing
 *   else; a revoked client is refused at once (docs/fhir.md). The service scopes every read to the client's organisation.
 */
export type RouteAccess = (
  | { kind: 'anyone' }
  | { kind: 'patientSession' }
  | ({ kind: 'patient' } & PatientAccessRule)
  | { kind: 'staff' }
  | { kind: 'expert' }
  | { kind: 'admin'; area: AdminArea; need: 'view' | 'edit'; object?: string }
  | { kind: 'anyAdmin' }
  | { kind: 'globalAdmin' }
  | { kind: 'chatMember' }
  | { kind: 'guest' }
  | { kind: 'surveyToken' }
  | { kind: 'apiClient' }
) & {
  /** Required where staff or API clients call (`STAFF_REACHED`): whether the answer shows patient data. */
  patientData?: PatientDataDeclaration;
};

/**
 * Whether a route (or socket event) answers with patients' data, declared in its access (`patientData`) by every
 * route a member of staff or an API client can call: `'none'`, or the audit action its reads are recorded under
 * (`PatientReads`, platform/audit/patient-reads.ts). The app refuses to start when such a route declares neither.
 */
export type PatientDataDeclaration = 'none' | { audit: string };

/** The declarations staff and API clients reach, which must say whether they answer with patient data. */
export const STAFF_REACHED = new Set<RouteAccess['kind']>([
  'staff',
  'expert',
  'admin',
  'anyAdmin',
  'globalAdmin',
  'chatMember',
  'apiClient',
]);

/** A registered route and what it declared: the rights matrix test and the patient-read walk go through these. */
export type DeclaredRoute = {
  method: string;
  path: string;
  access: RouteAccess;
  /** The route said `keepsCallerCache` (plugins/session.ts): its writes change nothing of its caller's cached access. */
  keepsCallerCache: boolean;
};

/** A signed-in expert: the staff user and the organisation the session works in. */
export type ExpertContext = { userId: string; organisationId: string | null };

/** What a declaration's loader found: the patient, expert, admin or guest context the handler (or socket event) works with. */
export type AccessContext = {
  patient?: PatientContext;
  staff?: StaffContext;
  expert?: ExpertContext;
  guest?: GuestContext;
  survey?: SurveyTokenGrant;
  apiClient?: ApiClientContext;
};

/**
 * `bearer`: the request's bearer token (a guest's, the survey runner's, an API client's); `apiTokenKey` verifies API
 * access tokens; `cache`: where patient contexts may come from (the read-model cache).
 */
export type AccessLoaderOptions = { bearer?: string | null; apiTokenKey?: Uint8Array | null; cache?: ReadModelCache };

/** The chat's callers: a guest's bearer token comes first (a guest has no session), then the session's patient or expert. */
async function loadChatMember(db: Db, session: Session | null, guestToken: string | null, cache?: ReadModelCache): Promise<AccessContext> {
  if (guestToken) return { guest: await loadGuestContext(db, guestToken) };
  if (session?.patientId) {
    const rule = { organisation: 'required', terms: true, flag: 'remoteReceptionEnabled' } as const;
    return { patient: await loadPatientContext(db, session, rule, cache) };
  }
  const expert = requireExpertSession(session);
  return { expert: { userId: expert.staffUserId, organisationId: expert.organisationId ?? null } };
}

/**
 * The access rule behind every declaration, for HTTP routes and socket events alike: checks the session against
 * `access` (101, 403, 404, 607 as the loaders say) and answers the context the caller then works with.
 */
export async function loadAccess(
  db: Db,
  session: Session | null,
  access: RouteAccess,
  { bearer: guestToken = null, apiTokenKey = null, cache }: AccessLoaderOptions = {},
): Promise<AccessContext> {
  switch (access.kind) {
    case 'anyone':
      return {};
    case 'patientSession':
      requirePatientSession(session);
      return {};
    case 'patient':
      return { patient: await loadPatientContext(db, session, access, cache) };
    case 'staff':
      requireStaffSession(session);
      return {};
    case 'expert': {
      const expert = requireExpertSession(session);
      return { expert: { userId: expert.staffUserId, organisationId: expert.organisationId ?? null } };
    }
    case 'admin':
      return { staff: await loadAdminContext(db, session, access.area, access.need) };
    case 'anyAdmin':
      return { staff: await loadStaffContext(db, session) };
    case 'globalAdmin':
      return { staff: await loadGlobalAdminContext(db, session) };
    case 'chatMember':
      return loadChatMember(db, session, guestToken, cache);
    case 'guest':
      return { guest: await loadGuestContext(db, guestToken) };
    case 'surveyToken':
      return { survey: await loadSurveyGrant(db, guestToken) };
    case 'apiClient':
      return { apiClient: await loadApiClientContext(db, guestToken, apiTokenKey) };
  }
}
