import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZBulkApplyRequest, ZBulkPreview, ZBulkPreviewRequest, ZBulkResult } from '@prsp/contracts';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { actorOf } from '../../platform/access/admin-actor';
import { ok } from '../../platform/ok';
import type { BookingDeps } from './admin-bookings.service';
import * as bulk from './bookings-bulk.service';

const edit: RouteAccess = { kind: 'admin', area: 'bookings', need: 'edit', patientData: 'none' };
// The preview names the patients of the rows it lists.
const preview: RouteAccess = { ...edit, patientData: { audit: 'appointment.list' } };

/**
 * Bulk actions on the booking list (issue 33 point 2, docs/booking.md 'Bulk actions'), for admins who may edit
 * bookings: preview what deleting open times, cancelling with one message or moving to another expert would do to
 * each selected row, then apply exactly that (409 when the selection changed since the preview).
 */
export async function bookingsBulkRoutes(fastify: FastifyInstance, deps: BookingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/bookings/bulk/preview',
    {
      config: { access: preview },
      schema: {
        summary: 'Preview a bulk action on open times or bookings',
        body: ZBulkPreviewRequest,
        response: { 200: okEnvelope(ZBulkPreview) },
      },
    },
    async (req) => ok(await bulk.previewBulk(deps, actorOf(req), req.body, patientReadsOf(req))),
  );
  app.post(
    '/api/admin/bookings/bulk/apply',
    {
      config: { access: edit },
      schema: {
        summary: 'Carry out a previewed bulk action in one transaction',
        errors: [409],
        body: ZBulkApplyRequest,
        response: { 200: okEnvelope(ZBulkResult) },
      },
    },
    async (req) => ok(await bulk.applyBulk(deps, actorOf(req), req.body)),
  );
}
