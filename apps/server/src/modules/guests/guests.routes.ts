import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZAccessKey, ZGuestAppointmentData, ZGuestCompany, ZGuestLoginRequest, ZGuestResponse, zText } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { bearerToken, type GuestContext } from '../../platform/access/guest-access';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/security';
import * as guests from './guests.service';

/** Tries at one appointment's guest sign-in per minute, from all addresses together (with Redis, across instances). */
export const GUEST_LOGIN_APPOINTMENT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

// Any text: a path that is not a UUID names no appointment (404, or 101 at sign-in), never a validation error.
const ZUuidParams = z.object({ uuid: zText().check(z.maxLength(100, 'tooLong')) });
const guest: RouteAccess = { kind: 'guest' };

function guestOf(req: FastifyRequest): GuestContext {
  if (!req.guest) throw new AppError(101);
  return req.guest;
}

/** Guest entry (spec §7 'Guest (bearer guest token)'): the five calls of the guest page. */
export async function guestsRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: guests.GuestDeps = { db: opts.db };
  // A counter, not a rate-limit hook: the plugin runs only the first of its hooks in a request, so a second hook
  // here silently switched the per-address limit off (21 tries from one address were all answered 401).
  const appointmentTries = fastify.createRateLimit({
    ...GUEST_LOGIN_APPOINTMENT_RATE_LIMIT,
    keyGenerator: (req) => `guest-login:${(req.params as { uuid?: string }).uuid ?? ''}`,
  });
  const perAppointment = async (req: FastifyRequest) => {
    const counted = await appointmentTries(req);
    if (!counted.isAllowed && counted.isExceeded) throw new AppError(429);
  };

  app.get(
    '/api/guest/company-for-appointment/:uuid',
    {
      config: { access: { kind: 'anyone' } },
      schema: {
        summary: 'Get the organisation of an appointment a guest is invited to',
        params: ZUuidParams,
        response: { 200: okEnvelope(ZGuestCompany) },
      },
    },
    async (req) => ok(await guests.companyForAppointment(deps, req.params.uuid)),
  );

  app.get(
    '/api/guest/checkAuth/:uuid',
    {
      config: { access: guest },
      schema: { summary: 'Check the guest’s token for an appointment', params: ZUuidParams, response: { 200: okEnvelope(ZGuestResponse) } },
    },
    async (req) => ok(await guests.checkAuth(deps, guestOf(req), req.params.uuid, bearerToken(req.headers.authorization) ?? '')),
  );

  app.post(
    '/api/guest/login/:uuid',
    {
      // Per address (the sign-in limit) and per appointment; both count before the body is even read.
      config: { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT },
      onRequest: perAppointment,
      schema: {
        summary: 'Sign a guest in to an appointment with their PIN',
        errors: [429],
        params: ZUuidParams,
        body: ZGuestLoginRequest,
        response: { 200: okEnvelope(ZGuestResponse) },
      },
    },
    async (req) => ok(await guests.login(deps, req.params.uuid, { ...req.body, ip: req.ip })),
  );

  app.get(
    '/api/guest/access-key/:uuid',
    {
      config: { access: guest },
      schema: {
        summary: 'Get the guest’s access key to an appointment’s chat',
        params: ZUuidParams,
        response: { 200: okEnvelope(ZAccessKey) },
      },
    },
    async (req) => ok(await guests.accessKey(deps, guestOf(req), req.params.uuid)),
  );

  app.get(
    '/api/guest/appointment-data/:uuid',
    {
      config: { access: guest },
      schema: {
        summary: 'Get the appointment the guest is invited to',
        params: ZUuidParams,
        response: { 200: okEnvelope(ZGuestAppointmentData) },
      },
    },
    async (req) => ok(await guests.appointmentData(deps, guestOf(req), req.params.uuid)),
  );
}
