import type { AdminRouteRight } from '../../plugins/admin-route-right';

/**
 * Organisation administration (spec §7 'Admin organisation') and the right each route needs. Registered from, and
 * tested through, ADMIN_ROUTE_RIGHTS. `get` and `update` also check in the service that the organisation is the
 * session's (a global admin reaches every one); `update` names it in its multipart body.
 */
export const ORGANISATION_ADMIN_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/organisation/list', access: 'anyAdmin' },
  { method: 'GET', path: '/api/admin/organisation/get/:id', access: { area: 'serviceSettings', need: 'view' }, object: 'organisation' },
  { method: 'POST', path: '/api/admin/organisation/create', access: 'global' },
  { method: 'POST', path: '/api/admin/organisation/update', access: { area: 'serviceSettings', need: 'edit' } },
  { method: 'GET', path: '/api/admin/icon/list', access: 'anyAdmin' },
] as const satisfies readonly AdminRouteRight[];
