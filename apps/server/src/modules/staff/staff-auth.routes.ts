import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZPasswordTokenParams,
  ZPasswordTokenStatus,
  ZSetPasswordRequest,
  ZSetRoleParams,
  ZStaffClientParams,
  ZStaffLoginRequest,
  ZStaffUserData,
  type AppRole,
} from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/security';
import { clearSessionCookie, setSessionCookie, type CookieNames } from '../../plugins/session';
import { requireCsrfOnGet } from '../../plugins/csrf';
import * as auth from './staff-auth.service';
import * as passwords from './staff-passwords.service';

export type StaffRouteOptions = auth.StaffDeps & { names: CookieNames; production: boolean };

const ZNull = okEnvelope(z.null());

/** Staff sign-in, session and passwords (spec §7 'Session and lists', `/sso/*`; §5 password rules). */
export async function staffAuthRoutes(fastify: FastifyInstance, opts: StaffRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limited = { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT } as const;
  // Signed-in staff only, checked before the body is: a stranger learns nothing from validation answers.
  const staff = { access: { kind: 'staff', patientData: 'none' } } as const;

  app.post(
    '/api/sso/login',
    {
      config: limited,
      schema: {
        summary: 'Sign a member of staff in with e-mail and password',
        errors: [429],
        body: ZStaffLoginRequest,
        response: { 200: ZNull },
      },
    },
    async (req, reply) => {
      const { username, password, app_role } = req.body;
      const { token } = await auth.login(opts, { username, password, appRole: app_role, ip: req.ip, previousSessionId: req.session?.id });
      setSessionCookie(reply, opts.names, opts.production, token, opts.policy);
      return ok(null);
    },
  );

  app.get(
    '/api/sso/user_data',
    {
      config: { access: { kind: 'anyone' } },
      schema: { summary: 'Get the signed-in member of staff’s data', response: { 200: okEnvelope(ZStaffUserData) } },
    },
    async (req) => {
      return ok(await auth.userData(opts, req.session));
    },
  );

  app.get(
    '/api/sso/logout',
    {
      config: { access: { kind: 'anyone' } },
      preHandler: requireCsrfOnGet(opts.names, new URL(opts.publicUrl).origin),
      schema: { summary: 'Sign a member of staff out', errors: [403], response: { 200: ZNull } },
    },
    async (req, reply) => {
      // Only a staff session ends here; a patient signs out through their own route.
      if (req.session?.staffUserId) {
        await auth.logout(opts, req.session, req.ip);
        clearSessionCookie(reply, opts.names, opts.production);
      }
      return ok(null);
    },
  );

  app.post(
    '/api/sso/set_role/:roleAndOrg',
    {
      config: staff,
      schema: {
        summary: 'Choose the staff member’s role and organisation',
        params: ZSetRoleParams,
        response: { 200: okEnvelope(ZStaffUserData) },
      },
    },
    async (req) => {
      const [appRole, organisationId] = req.params.roleAndOrg.split(';') as [AppRole, string];
      return ok(await auth.setOrganisation(opts, req.session, { appRole, organisationId: organisationId.toLowerCase(), ip: req.ip }));
    },
  );

  app.post(
    '/api/sso/client_params',
    { config: staff, schema: { summary: 'Save the staff member’s client parameters', body: ZStaffClientParams, response: { 200: ZNull } } },
    async (req) => {
      await auth.saveClientParams(opts, req.session, req.body);
      return ok(null);
    },
  );

  app.post(
    '/api/sso/password/forgot',
    { config: limited, schema: { summary: 'Send a password reset link', body: ZForgotPasswordRequest, response: { 200: ZNull } } },
    async (req) => {
      await passwords.forgotPassword(opts, { email: req.body.email, appRole: req.body.app_role, ip: req.ip });
      return ok(null);
    },
  );

  app.get(
    '/api/sso/password-token/:token',
    {
      config: { ...limited, access: { kind: 'anyone' } },
      schema: { summary: 'Check a password reset link', params: ZPasswordTokenParams, response: { 200: okEnvelope(ZPasswordTokenStatus) } },
    },
    async (req) => ok(await passwords.checkPasswordToken(opts, req.params.token)),
  );

  app.post(
    '/api/sso/password/set',
    { config: limited, schema: { summary: 'Set a password with a reset link', body: ZSetPasswordRequest, response: { 200: ZNull } } },
    async (req) => {
      await passwords.setPassword(opts, { token: req.body.token, password: req.body.password, ip: req.ip });
      return ok(null);
    },
  );

  app.post(
    '/api/sso/password/change',
    {
      config: { ...staff, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { summary: 'Change the staff member’s own password', body: ZChangePasswordRequest, response: { 200: ZNull } },
    },
    async (req) => {
      await passwords.changePassword(opts, req.session, { ...req.body, ip: req.ip });
      return ok(null);
    },
  );
}
