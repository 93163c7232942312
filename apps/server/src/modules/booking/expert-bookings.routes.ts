import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZAppointmentDetail,
  ZAppointmentIdParams,
  ZAppointmentPage,
  ZBreak,
  ZBreakInput,
  ZExpertBookingQuery,
  ZExpertSchedule,
  ZGuestPinParams,
  ZHistorySearchQuery,
  ZScheduleQuery,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import * as expert from './expert-bookings.service';
import type { Emit } from '../../platform/events/event-hub';
import type { Sender } from '../../platform/mail/sender';

const access: RouteAccess = { kind: 'expert', patientData: 'none' };
const reading = (audit: string): RouteAccess => ({ kind: 'expert', patientData: { audit } });

function actorOf(req: FastifyRequest): expert.ExpertActor {
  // The `expert` declaration has checked the session.
  return { userId: req.session!.staffUserId!, organisationId: req.session!.organisationId ?? null, ip: req.ip };
}

/** The expert's own calendar (spec §2 `/expert/schedule`, `/expert/allBookings`, `/expert/appointment`, `/expert/appointmentHistory`). */
export async function expertBookingsRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; cipher: FieldCipher; emit: Emit; publicUrl: string; sender: Sender },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = opts;
  const page = { 200: okEnvelope(ZAppointmentPage) };

  app.get(
    '/api/expert/schedule',
    {
      config: { access: reading('appointment.schedule') },
      schema: {
        summary: 'Get the expert’s schedule: a day, or up to a week of days',
        querystring: ZScheduleQuery,
        response: { 200: okEnvelope(ZExpertSchedule) },
      },
    },
    async (req) => ok(await expert.schedule(deps, actorOf(req), req.query, patientReadsOf(req))),
  );
  app.get(
    '/api/expert/bookings',
    {
      config: { access: reading('appointment.list') },
      schema: { summary: 'List the expert’s bookings', querystring: ZExpertBookingQuery, response: page },
    },
    async (req) => ok(await expert.bookings(deps, actorOf(req), req.query, patientReadsOf(req))),
  );
  app.get(
    '/api/expert/appointment-history',
    {
      config: { access: reading('appointment.history') },
      schema: { summary: 'List the expert’s past appointments', querystring: ZHistorySearchQuery, response: page },
    },
    async (req) => ok(await expert.history(deps, actorOf(req), req.query, patientReadsOf(req))),
  );
  app.get(
    '/api/expert/appointments/:id',
    {
      config: { access: reading('appointment.read') },
      schema: {
        summary: 'Get one of the expert’s appointments',
        params: ZAppointmentIdParams,
        response: { 200: okEnvelope(ZAppointmentDetail) },
      },
    },
    async (req) => ok(await expert.appointment(deps, actorOf(req), req.params.id, patientReadsOf(req))),
  );
  app.post(
    '/api/expert/appointments/:id/no-show',
    {
      config: { access: reading('appointment.read') },
      schema: {
        summary: 'Mark an appointment’s patient as not having come, as its expert',
        params: ZAppointmentIdParams,
        response: { 200: okEnvelope(ZAppointmentDetail) },
      },
    },
    async (req) => ok(await expert.markNoShow(deps, actorOf(req), req.params.id, patientReadsOf(req))),
  );
  app.post(
    '/api/expert/appointments/:id/guests/:participantId/new-pin',
    {
      config: { access: reading('appointment.read') },
      schema: {
        summary: 'Send an appointment’s guest a new PIN, as its expert',
        params: ZGuestPinParams,
        response: { 200: okEnvelope(ZAppointmentDetail) },
      },
    },
    async (req) => ok(await expert.newGuestPin(deps, actorOf(req), req.params.id, req.params.participantId, patientReadsOf(req))),
  );
  app.post(
    '/api/expert/breaks',
    {
      config: { access },
      schema: { summary: 'Add a break to the expert’s schedule', errors: [409], body: ZBreakInput, response: { 200: okEnvelope(ZBreak) } },
    },
    async (req) => ok(await expert.addBreak(deps, actorOf(req), req.body)),
  );
  app.delete(
    '/api/expert/breaks/:id',
    {
      config: { access },
      schema: {
        summary: 'Remove a break from the expert’s schedule',
        params: ZAppointmentIdParams,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (req) => {
      await expert.deleteBreak(deps, actorOf(req), req.params.id);
      return ok(null);
    },
  );
}
