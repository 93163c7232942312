import type { z } from 'zod/mini';
import type { RouteAccess } from '../platform/access/route-access';

/**
 * What the OpenAPI document says of each operation beyond its zod schemas, derived from what the route declares
 * (its access, rate limit, path and schemas) so that it cannot drift from the code: which paths are documented at all,
 * its operationId, its security requirement and the error answers it can give. openapi.ts applies these.
 */

/** Extra error answers a route declares when its service can refuse with them (409, 502, …); see `FastifySchema.errors`. */
export type DocumentedErrorStatus = 400 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 502;

/**
 * A multipart request body: its file fields, and its text fields as the zod schema its reader checks them with (or,
 * where each field has a rule of its own, their names).
 */
export type MultipartBodyDoc = {
  files: readonly { name: string; repeated?: boolean; required?: boolean }[];
  fields?: z.ZodMiniType | readonly string[];
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifySchema {
    /** Error answers the route gives besides those derived from its declaration (openapi-operations.ts). */
    errors?: readonly DocumentedErrorStatus[];
    /** The multipart body the route reads itself (it has no `body` schema: the reader streams files to disk). */
    multipart?: MultipartBodyDoc;
  }
}

/** The shape of a route's error answers: the app's envelope, FHIR's OperationOutcome, or OAuth's token error. */
export type ErrorShape = 'envelope' | 'operationOutcome' | 'oauthError';

/** The route as the transform sees it: enough of Fastify's route options to derive the document from. */
export type DocumentedRoute = {
  method: string;
  url: string;
  access?: RouteAccess;
  rateLimited: boolean;
  hasBody: boolean;
  hasQuery: boolean;
  hasParams: boolean;
  /** Whether the path has parameters (`:id`), schema or not. */
  pathParams: boolean;
  multipart: boolean;
  errors: readonly DocumentedErrorStatus[];
};

/**
 * The API the document describes: `/api/` and `/fhir/`. Left out: the web app's pages and the operators' endpoints
 * (health, JWKS, security.txt: docs/operations.md), the stand-ins' inboxes under `/api/dev/` (mail catcher, SMS sink;
 * the test identity provider, test mandates and self-assessment stand-in live outside `/api/`), CORS preflights, and
 * wildcard routes, which OpenAPI cannot express.
 */
export function isDocumented(method: string, url: string): boolean {
  if (!url.startsWith('/api/') && !url.startsWith('/fhir/')) return false;
  if (url.startsWith('/api/dev/')) return false;
  return method !== 'OPTIONS' && method !== 'HEAD' && !url.includes('*');
}

/** `getAdminOrganisationList`, `postChatChannelsByIdFiles`: the method and the path's words, `/api` left out. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** Requests that change state: on `/api/` they carry the CSRF cookie and header (plugins/csrf.ts). */
function changesState(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

const SESSION_KINDS = new Set<RouteAccess['kind']>(['patientSession', 'patient', 'staff', 'expert', 'admin', 'anyAdmin', 'globalAdmin']);

/** Names of the security schemes (openapi.ts defines them from the session's cookie names). */
export const SCHEME = {
  session: 'sessionCookie',
  csrfCookie: 'csrfCookie',
  csrfHeader: 'csrfHeader',
  guest: 'guestToken',
  survey: 'surveyToken',
  apiClient: 'apiClientOAuth',
} as const;

type SecurityRequirement = Record<string, string[]>;

/**
 * Who may call the operation as OpenAPI security requirements (alternatives; the schemes of one are all needed): the
 * session cookie for signed-in patients and staff, a guest's or the survey runner's bearer token, an API client's OAuth
 * token; with the CSRF cookie and header on `/api/` requests that change state (every one but the survey runner's,
 * public ones included). `[]` for a public read.
 */
export function securityFor(route: Pick<DocumentedRoute, 'method' | 'url' | 'access'>): SecurityRequirement[] {
  const kind = route.access?.kind ?? 'anyone';
  const csrf: SecurityRequirement =
    route.url.startsWith('/api/') && changesState(route.method) && kind !== 'surveyToken'
      ? { [SCHEME.csrfCookie]: [], [SCHEME.csrfHeader]: [] }
      : {};
  const withCsrf = (own: SecurityRequirement) => ({ ...own, ...csrf });
  if (SESSION_KINDS.has(kind)) return [withCsrf({ [SCHEME.session]: [] })];
  switch (kind) {
    case 'guest':
      return [withCsrf({ [SCHEME.guest]: [] })];
    case 'chatMember':
      return [withCsrf({ [SCHEME.guest]: [] }), withCsrf({ [SCHEME.session]: [] })];
    case 'surveyToken':
      return [{ [SCHEME.survey]: [] }];
    case 'apiClient':
      return [{ [SCHEME.apiClient]: [] }];
    default:
      return Object.keys(csrf).length > 0 ? [csrf] : [];
  }
}

/** The route's error answers: FHIR's OperationOutcome under `/fhir/`, OAuth's errors at the token endpoint, else the envelope. */
export function errorShapeOf(url: string): ErrorShape {
  if (url.startsWith('/fhir/oauth2/')) return 'oauthError';
  return url.startsWith('/fhir/') ? 'operationOutcome' : 'envelope';
}

/**
 * The HTTP statuses of the errors an operation can answer, from what it declares:
 * 400 when it validates input (a body, query or path parameters) or reads a multipart body; 401 when it needs a
 * session or token (plugins/access.ts); 403 where rights are checked (admins' rights, a patient's accepted terms or
 * feature flag, an inactive admin, an API client's scopes) and on every state change under `/api/` (CSRF); 404 when
 * its path names an object or the patient must have chosen an organisation; 406 on FHIR reads (only JSON is served);
 * 413 and 415 when it takes a body; 429 when rate-limited or when it takes uploads (the upload allowance); 500 always;
 * 400 and 401 at the OAuth token endpoint; and what the route adds in `schema.errors` (409 conflicts, 502 failures of a service it calls, …).
 */
export function errorStatusesFor(route: DocumentedRoute): number[] {
  const access = route.access;
  const kind = access?.kind ?? 'anyone';
  const statuses = new Set<number>(route.errors);
  if (route.hasBody || route.hasQuery || route.hasParams || route.multipart) statuses.add(400);
  if (kind !== 'anyone') statuses.add(401);
  const patientRule = access?.kind === 'patient' ? access : null;
  const rightsChecked =
    ['admin', 'anyAdmin', 'globalAdmin', 'chatMember', 'apiClient'].includes(kind) || Boolean(patientRule?.terms || patientRule?.flag);
  if (rightsChecked || (route.url.startsWith('/api/') && changesState(route.method) && kind !== 'surveyToken')) statuses.add(403);
  if (route.pathParams || patientRule?.organisation === 'required' || kind === 'chatMember') statuses.add(404);
  if (kind === 'apiClient' && route.url.startsWith('/fhir/R4/')) statuses.add(406);
  // The token endpoint refuses as RFC 6749 §5.2 says: a malformed request 400, an unknown client 401.
  if (errorShapeOf(route.url) === 'oauthError') [400, 401].forEach((status) => statuses.add(status));
  if (route.hasBody || route.multipart) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.rateLimited || route.multipart) statuses.add(429);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}
