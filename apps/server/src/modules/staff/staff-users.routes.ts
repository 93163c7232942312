import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZGlobalUser,
  ZGlobalUserCreate,
  ZGlobalUserPage,
  ZGlobalUserUpdate,
  ZOrganisationUser,
  ZOrganisationUserCreate,
  ZOrganisationUserPage,
  ZOrganisationUserUpdate,
  ZUserIdParams,
  ZUserListQuery,
} from '@prsp/contracts';
import { ok } from '../../platform/ok';
import * as actions from './staff-user-actions.service';
import type { UserScope } from './staff-user-targets';
import * as users from './staff-users.service';

const ZNull = okEnvelope(z.null());

// No guards here: plugins/admin-route-rights.ts puts each route's guard in front of it from
// STAFF_USER_ROUTE_RIGHTS (staff-users.rights.ts), and the guard sets `req.staff`.
function orgScope(req: FastifyRequest): UserScope & { kind: 'organisation' } {
  return { kind: 'organisation', actor: req.staff!, organisationId: req.staff!.organisationId! };
}
function globalScope(req: FastifyRequest): UserScope {
  return { kind: 'global', actor: req.staff! };
}

function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

/** The actions both user lists share (spec §6 'Admin actions on users'), under `base`. */
function registerActions(fastify: FastifyInstance, deps: users.UsersDeps, base: string, scopeOf: (req: FastifyRequest) => UserScope) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = { params: ZUserIdParams, response: { 200: ZNull } };
  app.post(`${base}/:id/reset-password`, { schema: params }, async (req) => {
    await actions.resetPassword(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/lock`, { schema: params }, async (req) => {
    await actions.lockUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/unlock`, { schema: params }, async (req) => {
    await actions.unlockUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/logout`, { schema: params }, async (req) => {
    await actions.logoutUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.get(`${base}/:id/action-log`, { schema: { params: ZUserIdParams } }, async (req, reply) => {
    return sendCsv(reply, await actions.actionLog(deps, scopeOf(req), req.params.id, { ip: req.ip }));
  });
  app.delete(`${base}/:id`, { schema: params }, async (req) => {
    await users.deleteUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
}

/** User management: the current organisation's admins, and global user management over all staff. */
export async function staffUsersRoutes(fastify: FastifyInstance, deps: users.UsersDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users/list',
    { schema: { querystring: ZUserListQuery, response: { 200: okEnvelope(ZOrganisationUserPage) } } },
    async (req) => ok(await users.listOrganisationUsers(deps, orgScope(req).organisationId, req.query)),
  );
  app.get('/api/admin/users/:id', { schema: { params: ZUserIdParams, response: { 200: okEnvelope(ZOrganisationUser) } } }, async (req) =>
    ok(await users.getOrganisationUser(deps, orgScope(req), req.params.id)),
  );
  app.post(
    '/api/admin/users/create',
    { schema: { body: ZOrganisationUserCreate, response: { 200: okEnvelope(ZOrganisationUser) } } },
    async (req) => ok(await users.createOrganisationUser(deps, orgScope(req), req.body, { ip: req.ip })),
  );
  app.post(
    '/api/admin/users/:id/update',
    { schema: { params: ZUserIdParams, body: ZOrganisationUserUpdate, response: { 200: okEnvelope(ZOrganisationUser) } } },
    async (req) => ok(await users.updateOrganisationUser(deps, orgScope(req), req.params.id, req.body, { ip: req.ip })),
  );
  registerActions(fastify, deps, '/api/admin/users', orgScope);

  app.get(
    '/api/admin/global-users/list',
    { schema: { querystring: ZUserListQuery, response: { 200: okEnvelope(ZGlobalUserPage) } } },
    async (req) => ok(await users.listGlobalUsers(deps, req.query)),
  );
  app.get('/api/admin/global-users/:id', { schema: { params: ZUserIdParams, response: { 200: okEnvelope(ZGlobalUser) } } }, async (req) =>
    ok(await users.getGlobalUser(deps, globalScope(req), req.params.id)),
  );
  app.post(
    '/api/admin/global-users/create',
    { schema: { body: ZGlobalUserCreate, response: { 200: okEnvelope(ZGlobalUser) } } },
    async (req) => ok(await users.createGlobalUser(deps, globalScope(req), req.body, { ip: req.ip })),
  );
  app.post(
    '/api/admin/global-users/:id/update',
    { schema: { params: ZUserIdParams, body: ZGlobalUserUpdate, response: { 200: okEnvelope(ZGlobalUser) } } },
    async (req) => ok(await users.updateGlobalUser(deps, globalScope(req), req.params.id, req.body, { ip: req.ip })),
  );
  registerActions(fastify, deps, '/api/admin/global-users', globalScope);
}
