import type { Db } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/queue';
import type { JobContext, JobRunner } from '../../platform/jobs/runner';
import { PUSH_MAX_ATTEMPTS } from './push-events';
import { flagsOf, subscriptionsWithAppointmentIn } from './push.repo';

/** How long before its start an appointment is pushed as starting soon. */
export const APPOINTMENT_SOON_LEAD_MS = 10 * 60_000;
/** How often the sweep runs; also how late after the 10-minute mark a push may go. */
export const APPOINTMENT_SOON_EVERY_MS = 60_000;

/**
 * One sweep: for every reserved appointment starting within the next 10 minutes whose patient has a subscription and
 * the switch on, queues one push per browser. Keyed by appointment, start and subscription, so the next sweeps (and a
 * second instance) queue nothing more; an appointment booked 5 minutes ahead is still told, an appointment moved to
 * another time is told again for the new time. Reading the appointments when it runs, rather than a job per booking,
 * leaves the booking code alone and follows cancellations and moves by itself.
 */
export async function sweepAppointmentsSoon(db: Db, now: Date, ctx?: Pick<JobContext, 'log'>): Promise<number> {
  const due = await subscriptionsWithAppointmentIn(db, now, new Date(now.getTime() + APPOINTMENT_SOON_LEAD_MS));
  let queued = 0;
  await db.transaction(async (tx) => {
    const flags = new Map<string, boolean>();
    for (const d of due) {
      if (!d.patientId) continue;
      if (!flags.has(d.patientId)) flags.set(d.patientId, (await flagsOf(tx, d.patientId)).appointmentSoon);
      if (!flags.get(d.patientId)) continue;
      const startsAt = d.startsAt.toISOString();
      const id = await enqueueJob(
        tx,
        'push.send',
        { subscriptionId: d.subscriptionId, event: 'appointmentSoon', appointmentId: d.appointmentId, startsAt },
        { maxAttempts: PUSH_MAX_ATTEMPTS, singletonKey: `appointmentSoon:${d.appointmentId}:${startsAt}:${d.subscriptionId}` },
      );
      if (id) queued++;
    }
  });
  ctx?.log.info({ queued }, 'appointment-soon pushes queued');
  return queued;
}

export function registerAppointmentSoon(runner: JobRunner, db: Db): void {
  runner.register('push.appointmentSoon', async (_payload, ctx) => void (await sweepAppointmentsSoon(db, ctx.now, ctx)));
  runner.schedule('push.appointmentSoon', { everyMs: APPOINTMENT_SOON_EVERY_MS }, { maxAttempts: 2 });
}
