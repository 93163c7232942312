import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZAppointmentIdParams,
  ZAppointmentUuidParams,
  ZBookingInfo,
  ZBookingPayload,
  ZCancelBody,
  ZLockResult,
  ZNextFreeTime,
  ZOpenAppointment,
  ZOpenSearchParams,
  ZPatientAppointment,
  ZRescheduleInfo,
  ZReschedulePayload,
} from '@prsp/contracts';
import { withOrganisation } from '../../platform/access/patient-access';
import { contentDisposition } from '../../platform/files/serve-file';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { patientContextOf } from '../../plugins/access';
import * as booking from './patient-booking.service';
import * as reschedule from './patient-reschedule.service';

const access: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'bookingsEnabled' };

function bookingCtx(req: FastifyRequest): booking.PatientBookingCtx {
  return { ...withOrganisation(patientContextOf(req)), ip: req.ip, language: requestLanguage(req) };
}

/** The patient's booking calls (spec §7 'Patient main API'; §4 'Booking flow'). */
export async function patientBookingRoutes(fastify: FastifyInstance, opts: booking.PatientBookingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const done = { 200: okEnvelope(z.null()) };

  app.get(
    '/api/services/open/:dateMs/:specialization',
    {
      config: { access },
      schema: {
        summary: 'List the open times of a service on a day for the patient',
        params: ZOpenSearchParams,
        response: { 200: okEnvelope(z.array(ZOpenAppointment)) },
      },
    },
    async (req, reply) => {
      const slots = await booking.searchOpen(db, bookingCtx(req), Number(req.params.dateMs), req.params.specialization);
      // The database wrote the list as JSON (booking.repo.ts): a string with a JSON type goes out as it is, past the
      // response schema's serializer, which stays for the OpenAPI document; the tests check the shape against it.
      return reply.type('application/json; charset=utf-8').send(`{"status":"ok","statusCode":200,"data":${slots}}` as never);
    },
  );
  app.get(
    '/api/services/open/:dateMs/:specialization/next',
    {
      config: { access },
      schema: {
        summary: 'Find the next day with open times of a service for the patient',
        params: ZOpenSearchParams,
        response: { 200: okEnvelope(ZNextFreeTime) },
      },
    },
    async (req) => ok(await booking.nextFreeTime(db, bookingCtx(req), Number(req.params.dateMs), req.params.specialization)),
  );
  app.post(
    '/api/services/lock/:uuid',
    {
      config: { access, keepsCallerCache: true },
      schema: {
        summary: 'Hold an open time for the patient while they book',
        errors: [409],
        params: ZAppointmentUuidParams,
        response: { 200: okEnvelope(ZLockResult) },
      },
    },
    async (req) => ok(await booking.lock(db, bookingCtx(req), req.params.uuid)),
  );
  app.post(
    '/api/services/unlock/:uuid',
    {
      config: { access },
      schema: { summary: 'Release the patient’s hold on an open time', params: ZAppointmentUuidParams, response: done },
    },
    async (req) => {
      await booking.unlock(db, bookingCtx(req), req.params.uuid);
      return ok(null);
    },
  );
  app.post(
    '/api/services/book/:id',
    {
      config: { access },
      schema: {
        summary: 'Book an open time for the patient',
        errors: [409],
        params: ZAppointmentIdParams,
        body: ZBookingPayload,
        response: { 200: okEnvelope(ZPatientAppointment) },
      },
    },
    async (req) => ok(await booking.book(opts, bookingCtx(req), req.params.id, req.body)),
  );
  app.post(
    '/api/services/cancel/:uuid',
    {
      config: { access },
      schema: { summary: 'Cancel the patient’s appointment', params: ZAppointmentUuidParams, body: ZCancelBody, response: done },
    },
    async (req) => {
      await booking.cancel(opts, bookingCtx(req), req.params.uuid, req.body ?? {});
      return ok(null);
    },
  );
  // Issue 29: the patient changes the time of their own appointment instead of cancelling and booking again.
  app.get(
    '/api/services/reschedule/:uuid',
    {
      config: { access },
      schema: {
        summary: 'Get what the patient may change of an appointment',
        params: ZAppointmentUuidParams,
        response: { 200: okEnvelope(ZRescheduleInfo) },
      },
    },
    async (req) => ok(await reschedule.rescheduleInfo(opts, bookingCtx(req), req.params.uuid)),
  );
  app.post(
    '/api/services/reschedule/:uuid',
    {
      config: { access },
      schema: {
        summary: 'Move the patient’s appointment to another time',
        errors: [409],
        params: ZAppointmentUuidParams,
        body: ZReschedulePayload,
        response: { 200: okEnvelope(ZPatientAppointment) },
      },
    },
    async (req) => ok(await reschedule.reschedule(opts, bookingCtx(req), req.params.uuid, req.body)),
  );
  app.get(
    '/api/services/calendar/:uuid',
    { config: { access }, schema: { summary: 'Download the patient’s appointment as a calendar file', params: ZAppointmentUuidParams } },
    async (req, reply) => {
      const file = await booking.calendarFile(opts, bookingCtx(req), req.params.uuid);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'appointment.ics'))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
  app.get(
    '/api/services/booking-info',
    { config: { access }, schema: { summary: 'Get the patient’s booking information', response: { 200: okEnvelope(ZBookingInfo) } } },
    async (req) => ok(await booking.bookingInfo(db, withOrganisation(patientContextOf(req)).organisation.id)),
  );
}
