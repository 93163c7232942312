import type { ReadModelCache } from '../platform/cache/read-model-cache';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../platform/app-error';
import { apiBearerToken, type ApiClientContext } from '../platform/access/api-client-access';
import { bearerToken, type GuestContext } from '../platform/access/guest-access';
import type { PatientContext } from '../platform/access/patient-access';
import { loadAccess, type DeclaredRoute, type ExpertContext, type RouteAccess } from '../platform/access/route-access';
import type { StaffContext } from '../platform/access/staff-access';
import type { SurveyTokenGrant } from '../platform/access/survey-access';

declare module 'fastify' {
  // Declaration merging needs interfaces.
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyContextConfig {
    /** Who may call the route: required on every `/api/` and `/fhir/` route (see RouteAccess). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set for routes declared `patient`. */
    patientContext?: PatientContext;
    /** Set for routes declared `admin`, `anyAdmin` or `globalAdmin`. */
    staff?: StaffContext;
    /** Set for routes declared `expert`, and `chatMember` when an expert calls. */
    expert?: ExpertContext;
    /** Set for `guest` routes, and `chatMember` routes a guest calls with their bearer token. */
    guest?: GuestContext;
    /** Set for `surveyToken` routes: the response and audience the runner's token is bound to. */
    surveyGrant?: SurveyTokenGrant;
    /** Set for `apiClient` routes: the FHIR API client the access token names, and its organisation. */
    apiClient?: ApiClientContext;
  }
  interface FastifyInstance {
    /** Every `/api/` and `/fhir/` route registered and the access it declared. */
    declaredRoutes: DeclaredRoute[];
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

/** The declarations whose callers may carry a bearer token (a guest's, the survey runner's). */
const BEARER_KINDS = new Set<RouteAccess['kind']>(['chatMember', 'guest', 'surveyToken']);

/** The paths that must declare their access: the app's API and the FHIR API for integrations. */
const GUARDED_PREFIXES = ['/api/', '/fhir/'];

/** The bearer token a declaration's caller may carry: a guest's or the survey runner's, or an API client's JWT. */
function bearerFor(access: RouteAccess, header: string | undefined): string | null {
  if (access.kind === 'apiClient') return apiBearerToken(header);
  return BEARER_KINDS.has(access.kind) ? bearerToken(header) : null;
}

/** The loader of a declaration as an `onRequest` hook that leaves what it loaded on the request. */
function guardFor(
  db: Db,
  access: RouteAccess,
  apiTokenKey: Uint8Array | null,
  cache: ReadModelCache | undefined,
): onRequestHookHandler | undefined {
  if (access.kind === 'anyone') return undefined;
  return async (req) => {
    const bearer = bearerFor(access, req.headers.authorization);
    const { patient, staff, expert, guest, survey, apiClient } = await loadAccess(db, req.session, access, { bearer, apiTokenKey, cache });
    req.patientContext = patient;
    req.staff = staff;
    req.expert = expert;
    req.guest = guest;
    req.surveyGrant = survey;
    req.apiClient = apiClient;
  };
}

/**
 * Deny by default: every `/api/` and `/fhir/` route must declare who may call it (`config.access`), or the app refuses to start.
 * The declared loader runs as an `onRequest` hook, before the body is read or validated, so a caller without access
 * learns nothing else; it comes after the route's rate limit (register this after the security plugin), so refused
 * guesses still count. Register before any module that adds routes.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db; apiTokenKey?: Uint8Array; cache?: ReadModelCache }) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access (config.access): refusing to start`);
    // HEAD is Fastify's automatic twin of a GET: guarded like it, listed once.
    for (const method of methods) declared.push({ method, path: route.url, access });
    const guard = guardFor(opts.db, access, opts.apiTokenKey ?? null, opts.cache);
    if (!guard) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, guard];
  });
});

/** The patient context the route's `patient` declaration loaded. */
export function patientContextOf(req: FastifyRequest): PatientContext {
  if (!req.patientContext) throw new AppError(500, { detail: 'route not declared for patients' });
  return req.patientContext;
}

/** The admin context the route's admin declaration loaded. */
export function staffOf(req: FastifyRequest): StaffContext {
  if (!req.staff) throw new AppError(500, { detail: 'route not declared for admins' });
  return req.staff;
}

/** The API client the route's `apiClient` declaration loaded. */
export function apiClientOf(req: FastifyRequest): ApiClientContext {
  if (!req.apiClient) throw new AppError(500, { detail: 'route not declared for api clients' });
  return req.apiClient;
}
