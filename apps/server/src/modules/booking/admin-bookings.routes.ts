import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZAppointmentDetail,
  ZAppointmentIdParams,
  ZAppointmentInput,
  ZAppointmentPage,
  ZAppointmentRow,
  ZBookableExpert,
  ZBookingListQuery,
  ZBookingService,
  ZBookingSettings,
  ZCancelBody,
  ZGuestPinParams,
  ZOpenTimeslotQuery,
  ZTimeslot,
  ZTimeslotInput,
  ZTimeslotPlan,
  ZTimeslotPreview,
  ZTimeslotsOpened,
} from '@prsp/contracts';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { actorOf } from '../../platform/access/admin-actor';
import * as bookings from './admin-bookings.service';
import * as timeslots from './admin-timeslots.service';
import { contentDisposition } from '../../platform/files/serve-file';

const view: RouteAccess = { kind: 'admin', area: 'bookings', need: 'view', patientData: 'none' };
const edit: RouteAccess = { kind: 'admin', area: 'bookings', need: 'edit', patientData: 'none' };
const editOne: RouteAccess = { ...edit, object: 'appointment' };
// What answers with patients: the list and its file, and one appointment's details, whichever call answers them.
const list: RouteAccess = { ...view, patientData: { audit: 'appointment.list' } };
const exported: RouteAccess = { ...view, patientData: { audit: 'appointment.export' } };
const detail: RouteAccess = { ...edit, patientData: { audit: 'appointment.read' } };
const viewDetail: RouteAccess = { ...view, object: 'appointment', patientData: { audit: 'appointment.read' } };
const editDetail: RouteAccess = { ...detail, object: 'appointment' };

/**
 * The organisation's bookings and open timeslots (spec §2 `/admin/appointments`, §4 'Booking statuses', §5
 * 'Appointment (admin)'), for admins with the bookings right. The spec leaves these calls open; they are ours,
 * in the contracts and the OpenAPI document. Every query is scoped by the session's organisation.
 */
export async function adminBookingsRoutes(fastify: FastifyInstance, opts: bookings.BookingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = opts;
  const detailed = { 200: okEnvelope(ZAppointmentDetail) };
  const done = { 200: okEnvelope(z.null()) };

  app.get(
    '/api/admin/bookings/list',
    {
      config: { access: list },
      schema: {
        summary: 'List the organisation’s bookings for admins',
        querystring: ZBookingListQuery,
        response: { 200: okEnvelope(ZAppointmentPage) },
      },
    },
    async (req) => ok(await bookings.listBookings(deps, actorOf(req), req.query, patientReadsOf(req))),
  );
  app.get(
    '/api/admin/bookings/export.csv',
    { config: { access: exported }, schema: { summary: 'Export the organisation’s bookings as CSV', querystring: ZBookingListQuery } },
    async (req, reply) => {
      const file = await bookings.exportBookings(deps, actorOf(req), req.query, patientReadsOf(req), requestLanguage(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );
  app.get(
    '/api/admin/bookings/services',
    {
      config: { access: view },
      schema: { summary: 'List the services an admin can book', response: { 200: okEnvelope(z.array(ZBookingService)) } },
    },
    async (req) => ok(await bookings.bookingServices(deps, actorOf(req))),
  );
  app.get(
    '/api/admin/bookings/experts',
    {
      config: { access: view },
      schema: { summary: 'List the experts an admin can book', response: { 200: okEnvelope(z.array(ZBookableExpert)) } },
    },
    async (req) => ok(await bookings.bookableExperts(deps, actorOf(req))),
  );
  app.get(
    '/api/admin/bookings/settings',
    {
      config: { access: view },
      schema: { summary: 'Get the organisation’s booking settings', response: { 200: okEnvelope(ZBookingSettings) } },
    },
    async (req) => ok(await bookings.getSettings(deps, actorOf(req))),
  );
  app.post(
    '/api/admin/bookings/settings',
    {
      config: { access: edit },
      schema: {
        summary: 'Save the organisation’s booking settings',
        body: ZBookingSettings,
        response: { 200: okEnvelope(ZBookingSettings) },
      },
    },
    async (req) => ok(await bookings.saveSettings(deps, actorOf(req), req.body)),
  );

  app.get(
    '/api/admin/bookings/timeslots',
    {
      config: { access: view },
      schema: {
        summary: 'List the organisation’s open timeslots',
        querystring: ZOpenTimeslotQuery,
        response: { 200: okEnvelope(z.array(ZTimeslot)) },
      },
    },
    async (req) => ok(await timeslots.listOpenTimeslots(deps, actorOf(req), req.query)),
  );
  app.post(
    '/api/admin/bookings/timeslots/preview',
    {
      config: { access: edit },
      schema: {
        summary: 'Preview the timeslots an opening would make',
        body: ZTimeslotPlan,
        response: { 200: okEnvelope(ZTimeslotPreview) },
      },
    },
    async (req) => ok(await timeslots.previewTimeslots(deps, actorOf(req), req.body)),
  );
  app.post(
    '/api/admin/bookings/timeslots/open',
    {
      config: { access: edit },
      schema: {
        summary: 'Open timeslots for an expert',
        errors: [409],
        body: ZTimeslotPlan,
        response: { 200: okEnvelope(ZTimeslotsOpened) },
      },
    },
    async (req) => ok(await timeslots.openTimeslots(deps, actorOf(req), req.body)),
  );
  app.post(
    '/api/admin/bookings/timeslots/:id/update',
    {
      config: { access: editOne },
      schema: {
        summary: 'Change an open timeslot',
        errors: [409],
        params: ZAppointmentIdParams,
        body: ZTimeslotInput,
        response: { 200: okEnvelope(ZAppointmentRow) },
      },
    },
    async (req) => ok(await timeslots.updateTimeslot(deps, actorOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/bookings/timeslots/:id',
    { config: { access: editOne }, schema: { summary: 'Remove an open timeslot', params: ZAppointmentIdParams, response: done } },
    async (req) => {
      await timeslots.deleteTimeslot(deps, actorOf(req), req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/admin/bookings/create',
    {
      config: { access: detail },
      schema: { summary: 'Book an appointment for a patient as an admin', errors: [409], body: ZAppointmentInput, response: detailed },
    },
    async (req) => ok(await bookings.createBooking(deps, actorOf(req), req.body, patientReadsOf(req))),
  );
  app.get(
    '/api/admin/bookings/:id',
    {
      config: { access: viewDetail },
      schema: { summary: 'Get a booking’s details for admins', params: ZAppointmentIdParams, response: detailed },
    },
    async (req) => ok(await bookings.getBooking(deps, actorOf(req), req.params.id, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/:id/update',
    {
      config: { access: editDetail },
      schema: {
        summary: 'Change a booking as an admin',
        errors: [409],
        params: ZAppointmentIdParams,
        body: ZAppointmentInput,
        response: detailed,
      },
    },
    async (req) => ok(await bookings.updateBooking(deps, actorOf(req), req.params.id, req.body, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/:id/cancel',
    {
      config: { access: editDetail },
      schema: { summary: 'Cancel a booking as an admin', params: ZAppointmentIdParams, body: ZCancelBody, response: detailed },
    },
    async (req) => ok(await bookings.cancelBooking(deps, actorOf(req), req.params.id, req.body ?? {}, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/:id/no-show',
    {
      config: { access: editDetail },
      schema: { summary: 'Mark a booking’s patient as not having come', params: ZAppointmentIdParams, response: detailed },
    },
    async (req) => ok(await bookings.markNoShow(deps, actorOf(req), req.params.id, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/:id/guests/:participantId/new-pin',
    {
      config: { access: editDetail },
      schema: { summary: 'Send a booking’s guest a new PIN', params: ZGuestPinParams, response: detailed },
    },
    async (req) => ok(await bookings.newGuestPin(deps, actorOf(req), req.params.id, req.params.participantId, patientReadsOf(req))),
  );
  app.delete(
    '/api/admin/bookings/:id',
    { config: { access: editOne }, schema: { summary: 'Delete a booking', params: ZAppointmentIdParams, response: done } },
    async (req) => {
      await bookings.deleteBooking(deps, actorOf(req), req.params.id);
      return ok(null);
    },
  );
}
