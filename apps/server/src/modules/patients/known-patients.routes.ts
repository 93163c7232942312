import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZKnownPatient, ZPatientLookupRequest } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { patientReadsOf } from '../../plugins/access';
import { actorOf, organisationOf } from '../../platform/access/admin-actor';
import { AppError } from '../../platform/app-error';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { ok } from '../../platform/ok';
import { knownPatient } from './known-patients.service';

const patientData = { audit: 'patient.lookup' } as const;

/**
 * The identity-code lookup of the staff forms: an admin booking for a patient (bookings edit right), an expert writing
 * a new message; each in the organisation their session works in.
 */
export async function knownPatientsRoutes(fastify: FastifyInstance, opts: { db: Db; cipher: FieldCipher }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { body: ZPatientLookupRequest, response: { 200: okEnvelope(ZKnownPatient) } };

  app.post(
    '/api/admin/patients/lookup',
    {
      config: { access: { kind: 'admin', area: 'bookings', need: 'edit', patientData } },
      schema: { summary: 'Find a known patient for an admin’s booking', ...schema },
    },
    async (req) => ok(await knownPatient(opts, organisationOf(actorOf(req)), req.body.ssn, patientReadsOf(req))),
  );

  app.post(
    '/api/expert/patients/lookup',
    { config: { access: { kind: 'expert', patientData } }, schema: { summary: 'Find a known patient for the expert', ...schema } },
    async (req) => {
      // An expert working in several organisations has chosen none yet: no organisation's patients to look in.
      const organisationId = req.expert?.organisationId;
      if (!organisationId) throw new AppError(403);
      return ok(await knownPatient(opts, organisationId, req.body.ssn, patientReadsOf(req)));
    },
  );
}
