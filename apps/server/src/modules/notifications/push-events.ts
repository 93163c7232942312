import type { PushEvent } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/queue';
import { flagsOf, subscriptionsOf } from './push.repo';

/** One push to one subscription: ids only; the text is made in the recipient's language when it runs. */
export type PushJobPayload =
  | { subscriptionId: string; event: 'newMessage' }
  | { subscriptionId: string; event: 'queueTurn'; channelId: string }
  | { subscriptionId: string; event: 'appointmentSoon'; appointmentId: string; startsAt: string };

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Sends one web push to one browser (push-delivery.ts). */
    'push.send': PushJobPayload;
    /** Every minute: pushes 'your appointment starts soon' for appointments starting within 10 minutes (appointment-soon.ts). */
    'push.appointmentSoon': Record<string, never>;
  }
}

/** Attempts of one push: a push service that is down for a few minutes still gets it, a notice hours late does not. */
export const PUSH_MAX_ATTEMPTS = 4;

type Ref = { event: 'newMessage' } | { event: 'queueTurn'; channelId: string };

/**
 * Queues a push of `event` to each of the patient's browsers, in the caller's transaction (nothing is pushed for a
 * change that rolls back). Only with the patient's consent (a subscription) and when the event is switched on in
 * their settings. Returns how many pushes were queued.
 */
export async function queuePatientPush(tx: Tx, patientId: string | null, ref: Ref, eventId?: string): Promise<number> {
  if (!patientId) return 0;
  const subscriptions = await subscriptionsOf(tx, patientId);
  if (subscriptions.length === 0) return 0;
  if (!(await flagsOf(tx, patientId))[ref.event satisfies PushEvent]) return 0;
  for (const s of subscriptions) {
    const payload = ref.event === 'queueTurn' ? { subscriptionId: s.id, ...ref } : { subscriptionId: s.id, event: ref.event };
    // Once per event and browser, however often the event's subscriber runs.
    const singletonKey = eventId ? `${eventId}:${s.id}` : undefined;
    await enqueueJob(tx, 'push.send', payload, { maxAttempts: PUSH_MAX_ATTEMPTS, singletonKey });
  }
  return subscriptions.length;
}
