import { DEFAULT_LANGUAGE, toLanguage, type PushPayload } from '@prsp/contracts';
import webPush from 'web-push';
import type { Db } from '../../db/client';
import { JobError } from '../../platform/jobs/job-error';
import type { JobContext, JobRunner } from '../../platform/jobs/runner';
import type { PushJobPayload } from './push-events';
import {
  deleteSubscription,
  findAppointmentTiming,
  findChannelService,
  findSubscription,
  flagsOf,
  markDelivered,
  patientLanguage,
  type PushSubscriptionRow,
} from './push.repo';
import { pushPayload, type PushTarget } from './push-texts';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps an undelivered notice (RFC 8030 TTL): a turn in the queue is stale in minutes. */
const TTL_SECONDS = { newMessage: 24 * 60 * 60, queueTurn: 5 * 60, appointmentSoon: 15 * 60 } as const;

export type PushTransport = {
  /** Encrypts the payload for the browser (RFC 8291), signs a VAPID JWT (RFC 8292) and POSTs it (RFC 8030). */
  send(subscription: PushSubscriptionRow, payload: PushPayload, ttlSeconds: number): Promise<number>;
};

/**
 * web-push builds the request (aes128gcm encryption and the VAPID header); we send it with fetch, which keeps the
 * same code for the https push services and the demo's stand-in on loopback, and sets a timeout and no redirects.
 */
export function createPushTransport(opts: { keys: VapidKeys; subject: string; timeoutMs?: number }): PushTransport {
  return {
    async send(s, payload, ttlSeconds) {
      const details = webPush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: opts.subject, ...opts.keys },
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          topic: payload.tag,
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      await res.body?.cancel();
      return res.status;
    },
  };
}

/** What a click leads to, from the job's ids; null when the event no longer holds (the appointment moved or went). */
async function targetOf(db: Db, job: PushJobPayload, now: Date): Promise<PushTarget | null> {
  if (job.event === 'newMessage') return { event: 'newMessage' };
  if (job.event === 'queueTurn') {
    const c = await findChannelService(db, job.channelId);
    return c ? { event: 'queueTurn', serviceId: c.serviceId } : null;
  }
  const a = await findAppointmentTiming(db, job.appointmentId);
  const holds = a && (a.status === 'booked' || a.status === 'selfBooked') && a.startsAt.toISOString() === job.startsAt && a.startsAt > now;
  return holds ? { event: 'appointmentSoon', startsAt: a.startsAt } : null;
}

async function deliver(db: Db, transport: PushTransport, job: PushJobPayload, ctx: JobContext): Promise<void> {
  const s = await findSubscription(db, job.subscriptionId);
  if (!s?.patientId) return ctx.log.info({ subscriptionId: job.subscriptionId }, 'push not sent: subscription withdrawn');
  // The settings are read again: a switch turned off after the event was queued still holds.
  if (!(await flagsOf(db, s.patientId))[job.event]) return ctx.log.info({ event: job.event }, 'push not sent: switched off');
  const target = await targetOf(db, job, ctx.now);
  if (!target) return ctx.log.info({ event: job.event }, 'push not sent: no longer applies');
  const language = toLanguage(await patientLanguage(db, s.patientId)) ?? DEFAULT_LANGUAGE;
  let status: number;
  try {
    status = await transport.send(s, pushPayload(target, language), TTL_SECONDS[job.event]);
  } catch (err) {
    throw new JobError(`push service unreachable (${(err as Error).name})`);
  }
  if (status === 404 || status === 410) {
    // RFC 8030 §7.3: the subscription expired or was withdrawn in the browser; it will never deliver again.
    await deleteSubscription(db, s.id);
    return ctx.log.info({ subscriptionId: s.id, status }, 'push subscription gone: removed');
  }
  if (status < 200 || status >= 300) throw new JobError(`push service answered ${status}`);
  await markDelivered(db, s.id, ctx.now);
  ctx.log.info({ subscriptionId: s.id, event: job.event }, 'push sent');
}

/** Registers `push.send`: one push to one browser, retried 30 s, 1 min, 2 min apart when the push service fails. */
export function registerPushDelivery(runner: JobRunner, deps: { db: Db; transport: PushTransport }): void {
  runner.register('push.send', (job, ctx) => deliver(deps.db, deps.transport, job, ctx), { backoff: { baseMs: 30_000 }, leaseMs: 60_000 });
}
