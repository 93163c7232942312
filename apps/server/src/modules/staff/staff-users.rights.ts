import type { AdminRouteRight } from '../../plugins/admin-route-right';

/** The user management routes and the right each needs (spec §2, §6). Registered from, and tested through, ADMIN_ROUTE_RIGHTS. */
export const STAFF_USER_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/users/list', access: { area: 'users', need: 'view' } },
  { method: 'GET', path: '/api/admin/users/:id', access: { area: 'users', need: 'view' }, object: 'adminUser' },
  { method: 'POST', path: '/api/admin/users/create', access: { area: 'users', need: 'edit' } },
  { method: 'POST', path: '/api/admin/users/:id/update', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'POST', path: '/api/admin/users/:id/reset-password', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'POST', path: '/api/admin/users/:id/lock', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'POST', path: '/api/admin/users/:id/unlock', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'POST', path: '/api/admin/users/:id/logout', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'GET', path: '/api/admin/users/:id/action-log', access: { area: 'users', need: 'edit' }, object: 'adminUser' },
  { method: 'DELETE', path: '/api/admin/users/:id', access: { area: 'users', need: 'edit' }, object: 'adminUser' },

  { method: 'GET', path: '/api/admin/global-users/list', access: 'global' },
  { method: 'GET', path: '/api/admin/global-users/:id', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/create', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/:id/update', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/:id/reset-password', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/:id/lock', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/:id/unlock', access: 'global' },
  { method: 'POST', path: '/api/admin/global-users/:id/logout', access: 'global' },
  { method: 'GET', path: '/api/admin/global-users/:id/action-log', access: 'global' },
  { method: 'DELETE', path: '/api/admin/global-users/:id', access: 'global' },
] as const satisfies readonly AdminRouteRight[];
