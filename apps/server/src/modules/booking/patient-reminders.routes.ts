import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZReminders, ZRemindersSave } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { remindersOf, saveReminders } from './patient-reminders.service';

// The patient's own setting: readable and changeable before an organisation is chosen (the contact page is too).
const access: RouteAccess = { kind: 'patient' };

/**
 * The patient's appointment reminders (issue 29): `GET /api/patient/reminders` says which will come (booking
 * success, the appointment, the contact page say so); `POST` turns e-mail and SMS reminders on or off.
 */
export async function patientRemindersRoutes(fastify: FastifyInstance, opts: { db: Db; smsEnabled: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, smsEnabled } = opts;
  app.get(
    '/api/patient/reminders',
    { config: { access }, schema: { summary: 'Get the patient’s reminder settings', response: { 200: okEnvelope(ZReminders) } } },
    async (req) => ok(await remindersOf(db, patientContextOf(req), smsEnabled)),
  );
  app.post(
    '/api/patient/reminders',
    {
      config: { access },
      schema: { summary: 'Save the patient’s reminder settings', body: ZRemindersSave, response: { 200: okEnvelope(ZReminders) } },
    },
    async (req) => ok(await saveReminders(db, patientContextOf(req), req.body, { ip: req.ip, smsEnabled })),
  );
}
