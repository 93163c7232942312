import type { Db } from '../../db/client';
import type { JobRunner } from '../../platform/jobs/runner';
import { createResponsesForAppointment } from './survey-responses.service';
import * as repo from './survey-responses.repo';

/**
 * Sends an appointment's `after` surveys when it ends (the job `surveysOnBooking` queued for the end time). It does
 * nothing when the appointment is gone, no longer reserved or moved to another end (the new end has its own job);
 * the surveys themselves are read when it runs, so a survey attached after booking still goes. Creating the
 * responses is idempotent, so a retry or the expert ending the chat first makes no duplicates.
 */
export function registerSurveysAfterJob(runner: JobRunner, db: Db): void {
  runner.register('surveys.afterAppointment', async (payload, ctx) => {
    const made = await db.transaction(async (tx) => {
      const appointment = await repo.lockAppointment(tx, payload.appointmentId);
      if (!appointment || appointment.endsAt.toISOString() !== new Date(payload.endsAt).toISOString()) return null;
      return createResponsesForAppointment(tx, payload.appointmentId, 'after');
    });
    ctx.log.info({ appointmentId: payload.appointmentId, sent: made?.length ?? 0, skipped: made === null }, 'after-appointment surveys');
  });
}
