import type { AdminRouteRight } from '../../plugins/admin-route-right';

/** The expert list and modal (spec §2, §3 'Expert'): experts rights; `:id` is an expert of the organisation. */
export const EXPERT_ADMIN_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/experts/list', access: { area: 'experts', need: 'view' } },
  { method: 'GET', path: '/api/admin/experts/chat-queues', access: { area: 'experts', need: 'view' } },
  { method: 'GET', path: '/api/admin/experts/:id', access: { area: 'experts', need: 'view' }, object: 'expert' },
  { method: 'POST', path: '/api/admin/experts/create', access: { area: 'experts', need: 'edit' } },
  { method: 'POST', path: '/api/admin/experts/:id/update', access: { area: 'experts', need: 'edit' }, object: 'expert' },
  { method: 'DELETE', path: '/api/admin/experts/:id', access: { area: 'experts', need: 'edit' }, object: 'expert' },
] as const satisfies readonly AdminRouteRight[];
