import type { FastifyInstance } from 'fastify';
import { staffAuthRoutes, type StaffRouteOptions } from './staff-auth.routes';
import { staffUsersRoutes } from './staff-users.routes';

/** Staff sign-in and passwords (`/api/sso/*`) and user management (`/api/admin/users/*`, `/api/admin/global-users/*`). */
export async function staffRoutes(fastify: FastifyInstance, opts: StaffRouteOptions) {
  await fastify.register(staffAuthRoutes, opts);
  await fastify.register(staffUsersRoutes, { db: opts.db, publicUrl: opts.publicUrl, sender: opts.sender });
}
