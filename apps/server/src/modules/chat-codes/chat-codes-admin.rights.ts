import type { AdminRouteRight } from '../../plugins/admin-route-right';

/** The chat codes list and modal (spec §2, §3 'Chat code group'): chat code rights; `:groupId` is a group of the organisation. */
export const CHAT_CODE_ADMIN_ROUTE_RIGHTS = [
  { method: 'GET', path: '/api/admin/chat-codes/list', access: { area: 'chatCodes', need: 'view' } },
  { method: 'GET', path: '/api/admin/chat-codes/services', access: { area: 'chatCodes', need: 'view' } },
  { method: 'POST', path: '/api/admin/chat-codes/create', access: { area: 'chatCodes', need: 'edit' } },
  { method: 'POST', path: '/api/admin/chat-codes/:groupId/update', access: { area: 'chatCodes', need: 'edit' }, object: 'chatCodeGroup' },
  { method: 'DELETE', path: '/api/admin/chat-codes/:groupId', access: { area: 'chatCodes', need: 'edit' }, object: 'chatCodeGroup' },
  { method: 'GET', path: '/api/admin/chat-codes/:groupId/codes', access: { area: 'chatCodes', need: 'view' }, object: 'chatCodeGroup' },
  { method: 'GET', path: '/api/admin/chat-codes/:groupId/codes.csv', access: { area: 'chatCodes', need: 'view' }, object: 'chatCodeGroup' },
] as const satisfies readonly AdminRouteRight[];
