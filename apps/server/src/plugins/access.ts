import type { ReadModelCache } from '../platform/cache/read-model-cache';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../platform/app-error';
import { apiBearerToken, type ApiClientContext } from '../platform/access/api-client-access';
import { bearerToken, type GuestContext } from '../platform/access/guest-access';
import type { PatientContext } from '../platform/access/patient-access';
import { loadAccess, STAFF_REACHED, type DeclaredRoute, type ExpertContext, type RouteAccess } from '../platform/access/route-access';
import { PatientReads, readerOf, recordPatientReads } from '../platform/audit/patient-reads';
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
    /** Set for routes that declare patient data: what the answer shows, written to the audit log before it leaves. */
    patientReads?: PatientReads;
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

/**
 * The loader of a declaration as an `onRequest` hook that leaves what it loaded on the request, and for a route
 * that reads patient data the log of what its answer shows.
 */
function guardFor(
  db: Db,
  access: RouteAccess,
  audit: string | null,
  apiTokenKey: Uint8Array | null,
  cache: ReadModelCache | undefined,
): onRequestHookHandler | undefined {
  if (access.kind === 'anyone') return undefined;
  return async (req) => {
    const bearer = bearerFor(access, req.headers.authorization);
    const ctx = await loadAccess(db, req.session, access, { bearer, apiTokenKey, cache });
    req.patientContext = ctx.patient;
    req.staff = ctx.staff;
    req.expert = ctx.expert;
    req.guest = ctx.guest;
    req.surveyGrant = ctx.survey;
    req.apiClient = ctx.apiClient;
    if (audit) req.patientReads = new PatientReads(audit, readerOf(ctx, req.ip));
  };
}

/**
 * Before an answer that shows patient data leaves, its rows go to the audit log: no row, no answer (a failed write
 * answers 500). A route that answered without saying what it showed is a bug, refused the same way.
 */
export function patientReadsWriter(db: Db, label: string): onSendHookHandler {
  return async (req, reply, payload) => {
    const reads = req.patientReads;
    if (!reads || reply.statusCode >= 300) return payload;
    if (!reads.accounted) throw new AppError(500, { detail: `${label} answered without naming the patient data it showed` });
    await recordPatientReads(db, reads);
    return payload;
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
    const label = `${methods.join(',')} ${route.url}`;
    if (!access) throw new Error(`${label} declares no access (config.access): refusing to start`);
    const audit = patientDataAudit(access, label);
    // HEAD is Fastify's automatic twin of a GET: guarded like it, listed once.
    const keepsCallerCache = (route.config as { keepsCallerCache?: true } | undefined)?.keepsCallerCache === true;
    for (const method of methods) declared.push({ method, path: route.url, access, keepsCallerCache });
    const guard = guardFor(opts.db, access, audit, opts.apiTokenKey ?? null, opts.cache);
    if (!guard) return;
    route.onRequest = [...hooksOf(route.onRequest), guard];
    if (audit) route.onSend = [...hooksOf(route.onSend), patientReadsWriter(opts.db, label)];
  });
});

/**
 * The audit action of a declaration that reads patient data, null for one that does not; refuses a declaration
 * staff or API clients reach that does not say (the app does not start).
 */
export function patientDataAudit(access: RouteAccess, label: string): string | null {
  if (!STAFF_REACHED.has(access.kind)) return null;
  if (!access.patientData)
    throw new Error(`${label} is reached by staff and declares no patientData ('none' or { audit }): refusing to start`);
  return access.patientData === 'none' ? null : access.patientData.audit;
}

/** A route's hooks of one kind as a list (Fastify takes one or several). */
export function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

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

/** What the answer of a route declared as reading patient data shows (its `patientData` declaration made it). */
export function patientReadsOf(req: FastifyRequest): PatientReads {
  if (!req.patientReads) throw new AppError(500, { detail: 'route not declared as reading patient data' });
  return req.patientReads;
}
