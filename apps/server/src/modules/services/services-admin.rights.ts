import type { AdminRouteRight } from '../../plugins/admin-route-right';

/** The services list and form (spec §2 'services list and form'): service settings rights; `:id` is a service. */
export const SERVICE_ADMIN_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/services/list', access: { area: 'serviceSettings', need: 'view' } },
  { method: 'GET', path: '/api/admin/services/chat-queues', access: { area: 'serviceSettings', need: 'view' } },
  { method: 'GET', path: '/api/admin/services/:id', access: { area: 'serviceSettings', need: 'view' }, object: 'service' },
  { method: 'POST', path: '/api/admin/services/create', access: { area: 'serviceSettings', need: 'edit' } },
  { method: 'POST', path: '/api/admin/services/:id/update', access: { area: 'serviceSettings', need: 'edit' }, object: 'service' },
  { method: 'DELETE', path: '/api/admin/services/:id', access: { area: 'serviceSettings', need: 'edit' }, object: 'service' },
] as const satisfies readonly AdminRouteRight[];
