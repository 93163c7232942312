import type { AdminArea } from '@prsp/contracts';

/**
 * Who may call an admin route:
 * - `{ area, need }`: an admin working in an organisation, with that right there (PRESET_RIGHTS / custom rights);
 * - `'global'`: a global admin;
 * - `'anyAdmin'`: any signed-in admin (the service then scopes what they see, e.g. their own organisations).
 */
export type AdminAccess = { area: AdminArea; need: 'view' | 'edit' } | 'global' | 'anyAdmin';

export type AdminRouteRight = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The Fastify path, with its `:params`. */
  path: string;
  access: AdminAccess;
  /**
   * What the path's `:id` names, for organisation-scoped routes: the rights matrix test creates one in another
   * organisation (admin-rights-matrix.fixtures.ts) and checks that the route refuses it.
   */
  object?: string;
};
