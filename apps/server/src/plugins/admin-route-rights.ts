import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { STAFF_USER_ROUTE_RIGHTS } from '../modules/staff/staff-users.rights';
import { ORGANISATION_ADMIN_ROUTE_RIGHTS } from '../modules/organisations/organisations-admin.rights';
import { SERVICE_ADMIN_ROUTE_RIGHTS } from '../modules/services/services-admin.rights';
import { EXPERT_ADMIN_ROUTE_RIGHTS } from '../modules/staff/experts-admin.rights';
import { CHAT_CODE_ADMIN_ROUTE_RIGHTS } from '../modules/chat-codes/chat-codes-admin.rights';
import type { AdminAccess, AdminRouteRight } from './admin-route-right';
import { loadStaffContext, requireAdminRight, requireGlobalAdmin } from '../platform/access/staff-access';

export type { AdminAccess, AdminRouteRight } from './admin-route-right';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every `/api/admin/*` route registered, and whether ADMIN_ROUTE_RIGHTS lists it: the rights matrix test reads this. */
    adminRoutes: { method: string; path: string; listed: boolean }[];
  }
}

/** E-mail templates (modules/email-templates): service settings rights; `:id` is a template of the organisation. */
const EMAIL_TEMPLATE_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/organisation/email-templates', access: { area: 'serviceSettings', need: 'view' } },
  { method: 'POST', path: '/api/admin/organisation/email-templates', access: { area: 'serviceSettings', need: 'edit' } },
  { method: 'POST', path: '/api/admin/organisation/email-templates/preview', access: { area: 'serviceSettings', need: 'view' } },
  {
    method: 'DELETE',
    path: '/api/admin/organisation/email-templates/:id',
    access: { area: 'serviceSettings', need: 'edit' },
    object: 'emailTemplate',
  },
] as const satisfies readonly AdminRouteRight[];

/**
 * Every `/api/admin/*` route and the right it needs: the one table the guards come from and the rights matrix test
 * (admin-rights-matrix.int.test.ts) iterates. A module adds its routes by exporting its own `…_ROUTE_RIGHTS`
 * array (see modules/staff/staff-users.rights.ts) and spreading it here.
 */
export const ADMIN_ROUTE_RIGHTS: readonly AdminRouteRight[] = [
  ...STAFF_USER_ROUTE_RIGHTS,
  ...EMAIL_TEMPLATE_ROUTE_RIGHTS,
  ...ORGANISATION_ADMIN_ROUTE_RIGHTS,
  ...SERVICE_ADMIN_ROUTE_RIGHTS,
  ...EXPERT_ADMIN_ROUTE_RIGHTS,
  ...CHAT_CODE_ADMIN_ROUTE_RIGHTS,
  // The job runner's overview (platform/jobs/jobs.routes.ts).
  { method: 'GET', path: '/api/admin/jobs', access: 'global' },
];

export const ADMIN_PATH_PREFIX = '/api/admin/';

/** The guard an access rule means; each sets `req.staff` for the handler. */
export function guardFor(db: Db, access: AdminAccess): (req: FastifyRequest) => Promise<void> {
  if (access === 'global') return requireGlobalAdmin(db);
  if (access === 'anyAdmin') {
    return async (req) => {
      req.staff = await loadStaffContext(db, req);
    };
  }
  return requireAdminRight(db, access.area, access.need);
}

export function findRouteRight(method: string, path: string): AdminRouteRight | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return ADMIN_ROUTE_RIGHTS.find((r) => r.method === m && r.path === path);
}

/**
 * Puts each admin route's guard in front of it, from ADMIN_ROUTE_RIGHTS, as its first `onRequest` hook: the right
 * is checked before the body is read or validated, so a caller without it learns nothing else. A route the table
 * does not list keeps only its own guards and is reported in `app.adminRoutes`, which the rights matrix test
 * requires to be fully listed. Register before any module that adds admin routes.
 */
export const adminRouteRightsPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const seen: FastifyInstance['adminRoutes'] = [];
  app.decorate('adminRoutes', seen);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(ADMIN_PATH_PREFIX)) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'OPTIONS') continue;
      const right = findRouteRight(method, route.url);
      // HEAD is Fastify's automatic twin of a GET: guarded like it, reported once.
      if (method !== 'HEAD') seen.push({ method, path: route.url, listed: Boolean(right) });
      if (!right) continue;
      const guard = guardFor(opts.db, right.access) as onRequestHookHandler;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [guard, ...existing];
    }
  });
});
