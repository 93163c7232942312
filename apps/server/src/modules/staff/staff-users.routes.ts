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
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { patientReadsOf, staffOf } from '../../plugins/access';
import * as actions from './staff-user-actions.service';
import type { UserScope } from './staff-user-targets';
import * as users from './staff-users.service';
import { contentDisposition } from '../../platform/files/serve-file';

const ZNull = okEnvelope(z.null());

// Each route declares its access; the admin loader it names sets `req.staff` before the handler runs.
function orgScope(req: FastifyRequest): UserScope & { kind: 'organisation' } {
  const staff = staffOf(req);
  return { kind: 'organisation', actor: staff, organisationId: staff.organisationId! };
}
function globalScope(req: FastifyRequest): UserScope {
  return { kind: 'global', actor: staffOf(req) };
}

function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .header('cache-control', 'no-store')
    .send(file.csv);
}

/**
 * The actions both user lists share (spec §6 'Admin actions on users'), under `base`; `who` names the users in the
 * operations' summaries of the OpenAPI document.
 */
function registerActions(
  fastify: FastifyInstance,
  deps: users.UsersDeps,
  { base, who }: { base: string; who: string },
  scopeOf: (req: FastifyRequest) => UserScope,
  access: RouteAccess,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = { params: ZUserIdParams, response: { 200: ZNull } };
  const config = { access };
  app.post(`${base}/:id/reset-password`, { config, schema: { summary: `Send ${who} a password reset link`, ...params } }, async (req) => {
    await actions.resetPassword(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/lock`, { config, schema: { summary: `Lock ${who}`, ...params } }, async (req) => {
    await actions.lockUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/unlock`, { config, schema: { summary: `Unlock ${who}`, ...params } }, async (req) => {
    await actions.unlockUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  app.post(`${base}/:id/logout`, { config, schema: { summary: `End the sessions of ${who}`, ...params } }, async (req) => {
    await actions.logoutUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
  const actionLog = { summary: `Download the action log of ${who} as CSV`, params: ZUserIdParams };
  // The log names the patients a user looked up (by id): each download is a read of their data.
  const logConfig = { access: { ...access, patientData: { audit: 'staff.user.actionLogRead' } } as RouteAccess };
  app.get(`${base}/:id/action-log`, { config: logConfig, schema: actionLog }, async (req, reply) => {
    const file = await actions.actionLog(deps, scopeOf(req), req.params.id, { ip: req.ip }, requestLanguage(req), patientReadsOf(req));
    return sendCsv(reply, file);
  });
  app.delete(`${base}/:id`, { config, schema: { summary: `Delete ${who}`, ...params } }, async (req) => {
    await users.deleteUser(deps, scopeOf(req), req.params.id, { ip: req.ip });
    return ok(null);
  });
}

/** User management: the current organisation's admins, and global user management over all staff. */
export async function staffUsersRoutes(fastify: FastifyInstance, deps: users.UsersDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users/list',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'view', patientData: 'none' } },
      schema: {
        summary: 'List the organisation’s admin users',
        querystring: ZUserListQuery,
        response: { 200: okEnvelope(ZOrganisationUserPage) },
      },
    },
    async (req) => ok(await users.listOrganisationUsers(deps, orgScope(req).organisationId, req.query)),
  );
  app.get(
    '/api/admin/users/:id',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'view', object: 'adminUser', patientData: 'none' } },
      schema: {
        summary: 'Get one of the organisation’s admin users',
        params: ZUserIdParams,
        response: { 200: okEnvelope(ZOrganisationUser) },
      },
    },
    async (req) => ok(await users.getOrganisationUser(deps, orgScope(req), req.params.id)),
  );
  app.post(
    '/api/admin/users/create',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'edit', patientData: 'none' } },
      schema: {
        summary: 'Create an admin user in the organisation',
        errors: [409],
        body: ZOrganisationUserCreate,
        response: { 200: okEnvelope(ZOrganisationUser) },
      },
    },
    async (req) => ok(await users.createOrganisationUser(deps, orgScope(req), req.body, { ip: req.ip })),
  );
  app.post(
    '/api/admin/users/:id/update',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'edit', object: 'adminUser', patientData: 'none' } },
      schema: {
        summary: 'Change one of the organisation’s admin users',
        errors: [409],
        params: ZUserIdParams,
        body: ZOrganisationUserUpdate,
        response: { 200: okEnvelope(ZOrganisationUser) },
      },
    },
    async (req) => ok(await users.updateOrganisationUser(deps, orgScope(req), req.params.id, req.body, { ip: req.ip })),
  );
  registerActions(fastify, deps, { base: '/api/admin/users', who: 'one of the organisation’s admin users' }, orgScope, {
    kind: 'admin',
    area: 'users',
    need: 'edit',
    object: 'adminUser',
    patientData: 'none',
  });

  app.get(
    '/api/admin/global-users/list',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: { summary: 'List the global admin users', querystring: ZUserListQuery, response: { 200: okEnvelope(ZGlobalUserPage) } },
    },
    async (req) => ok(await users.listGlobalUsers(deps, req.query)),
  );
  app.get(
    '/api/admin/global-users/:id',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: { summary: 'Get a global admin user', params: ZUserIdParams, response: { 200: okEnvelope(ZGlobalUser) } },
    },
    async (req) => ok(await users.getGlobalUser(deps, globalScope(req), req.params.id)),
  );
  app.post(
    '/api/admin/global-users/create',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: { summary: 'Create a global admin user', errors: [409], body: ZGlobalUserCreate, response: { 200: okEnvelope(ZGlobalUser) } },
    },
    async (req) => ok(await users.createGlobalUser(deps, globalScope(req), req.body, { ip: req.ip })),
  );
  app.post(
    '/api/admin/global-users/:id/update',
    {
      config: { access: { kind: 'globalAdmin', patientData: 'none' } },
      schema: {
        summary: 'Change a global admin user',
        errors: [409],
        params: ZUserIdParams,
        body: ZGlobalUserUpdate,
        response: { 200: okEnvelope(ZGlobalUser) },
      },
    },
    async (req) => ok(await users.updateGlobalUser(deps, globalScope(req), req.params.id, req.body, { ip: req.ip })),
  );
  registerActions(fastify, deps, { base: '/api/admin/global-users', who: 'a global admin user' }, globalScope, {
    kind: 'globalAdmin',
    patientData: 'none',
  });
}
