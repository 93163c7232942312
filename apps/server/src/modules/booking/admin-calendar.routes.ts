import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZAppointmentIdParams, ZCalendarQuery, ZCalendarWeek, ZMoveInput, ZMoveResult } from '@prsp/contracts';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { actorOf } from '../../platform/access/admin-actor';
import { ok } from '../../platform/ok';
import type { BookingDeps } from './admin-bookings.service';
import * as calendar from './admin-calendar.service';

// The calendar names patients and guests (the list's audit action); a move answers the moved appointment with its people.
const week: RouteAccess = { kind: 'admin', area: 'bookings', need: 'view', patientData: { audit: 'appointment.list' } };
const move: RouteAccess = {
  kind: 'admin',
  area: 'bookings',
  need: 'edit',
  object: 'appointment',
  patientData: { audit: 'appointment.read' },
};

/**
 * The admins' week and day calendar on `/admin/appointments` (issue 33): what is in the organisation's calendar,
 * and moving a reserved appointment by drag or by the Move dialog. Open times move by the timeslot route.
 */
export async function adminCalendarRoutes(fastify: FastifyInstance, opts: BookingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/bookings/calendar',
    {
      config: { access: week },
      schema: {
        summary: 'The organisation’s appointments, open times and breaks for a week or a day',
        querystring: ZCalendarQuery,
        response: { 200: okEnvelope(ZCalendarWeek) },
      },
    },
    async (req) => ok(await calendar.calendarWeek(opts, actorOf(req), req.query, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/:id/move',
    {
      config: { access: move },
      schema: {
        summary: 'Move a booking into an open time or to a free time',
        errors: [409],
        params: ZAppointmentIdParams,
        body: ZMoveInput,
        response: { 200: okEnvelope(ZMoveResult) },
      },
    },
    async (req) => ok(await calendar.moveBooking(opts, actorOf(req), req.params.id, req.body, patientReadsOf(req))),
  );
}
