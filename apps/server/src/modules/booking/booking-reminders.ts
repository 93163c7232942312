import { formatInstant, type Language } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { enqueueJobs } from '../../platform/jobs/queue';
import type { JobContext, JobRunner } from '../../platform/jobs/runner';
import type { Sender } from '../../platform/mail/sender';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { toInternationalNumber } from '../../platform/sms/phone-number';
import { enqueueSms } from '../../platform/sms/sms-outbox';
import { isReserved, loadAppointmentNotice, type AppointmentNotice, type NoticeRecipient } from './booking-notifications-data';
import { noticeServiceName, noticeTags, notificationLink } from './booking-notifications-format';
import { KIND_NAMES } from './appointment-kind-texts';

/** A reminder job names the appointment and the start it was scheduled for: ids and a time, nothing personal. */
export type ReminderPayload = { appointmentId: string; startsAt: string };

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** The reminder e-mail 24 h before an appointment (booking-reminders.ts). */
    'booking.reminderEmail': ReminderPayload;
    /** The reminder SMS 1 h before an appointment (booking-reminders.ts). */
    'booking.reminderSms': ReminderPayload;
  }
}

/** How long before the start each reminder goes (issue 8: an e-mail 24 h before, an SMS 1 h before). */
export const REMINDER_LEAD_MS = { email: 24 * 60 * 60_000, sms: 60 * 60_000 } as const;

const REMINDER_KINDS = { email: 'booking.reminderEmail', sms: 'booking.reminderSms' } as const;

/** The idempotency key of a reminder job: one per appointment, kind and start time. */
export function reminderKey(appointmentId: string, startsAt: Date): string {
  return `${appointmentId}:${startsAt.toISOString()}`;
}

/**
 * Queues an appointment's reminders in the caller's transaction: the e-mail at start − 24 h and the SMS at
 * start − 1 h, each unless its time has already passed. Keyed by appointment and start, so calling it again for the
 * same time does nothing, and a moved appointment gets new jobs while the old ones find the time changed and do
 * nothing. The organisation's settings are read when a reminder runs, so changing them applies to appointments
 * already booked.
 */
export async function scheduleReminders(tx: Tx, notice: Pick<AppointmentNotice, 'id' | 'startsAt'>, now: Date): Promise<void> {
  const payload: ReminderPayload = { appointmentId: notice.id, startsAt: notice.startsAt.toISOString() };
  const singletonKey = reminderKey(notice.id, notice.startsAt);
  const reminders = (['email', 'sms'] as const)
    .map((channel) => ({
      kind: REMINDER_KINDS[channel],
      payload,
      options: { runAt: new Date(notice.startsAt.getTime() - REMINDER_LEAD_MS[channel]), singletonKey, maxAttempts: 3 },
    }))
    .filter((r) => r.options.runAt > now);
  await enqueueJobs(tx, reminders);
}

/** Why a reminder does nothing, or null when it should go. */
export function reminderSkipReason(
  notice: Pick<AppointmentNotice, 'status' | 'startsAt'> | undefined,
  payload: ReminderPayload,
  now: Date,
): string | null {
  if (!notice) return 'appointment deleted';
  if (!isReserved(notice.status)) return 'appointment not reserved';
  if (notice.startsAt.toISOString() !== new Date(payload.startsAt).toISOString()) return 'appointment moved';
  if (notice.startsAt <= now) return 'appointment already started';
  return null;
}

/**
 * Reminders go to the people who come to the appointment, not to its experts (their schedule shows it), and not to
 * a patient who has turned that channel off (issue 29).
 */
function reminded(r: NoticeRecipient, channel: 'email' | 'sms'): boolean {
  return (r.role === 'patient' || r.role === 'guest') && r.remindersWanted[channel];
}

type SmsValues = { kind: string; date: string; time: string; service: string; organisation: string; link: string };
const SMS_TEXT: Record<Language, (v: SmsValues) => string> = {
  fi: (v) =>
    `Muistutus: etävastaanotto (${v.kind}) ${v.date} klo ${v.time} (${v.service}, ${v.organisation}). Kirjaudu palveluun: ${v.link}`,
  se: (v) =>
    `Påminnelse: distansmottagning (${v.kind}) ${v.date} kl. ${v.time} (${v.service}, ${v.organisation}). Logga in i tjänsten: ${v.link}`,
  en: (v) =>
    `Reminder: remote appointment (${v.kind}) ${v.date} at ${v.time} (${v.service}, ${v.organisation}). Sign in to the service: ${v.link}`,
};

/** The reminder SMS in the recipient's language: how it is held, when, what and where to sign in; no names. */
export function reminderSmsText(notice: AppointmentNotice, r: NoticeRecipient, publicUrl: string): string {
  return SMS_TEXT[r.language]({
    kind: KIND_NAMES[r.language][notice.kind],
    date: formatInstant(notice.startsAt, r.language, 'long'),
    time: formatInstant(notice.startsAt, r.language, 'time'),
    service: noticeServiceName(notice, r.language),
    organisation: notice.organisationName,
    link: notificationLink(publicUrl, r.role, notice.id, r.language),
  });
}

async function runReminder(
  db: Db,
  channel: 'email' | 'sms',
  payload: ReminderPayload,
  ctx: JobContext,
  send: (tx: Tx, notice: AppointmentNotice, r: NoticeRecipient, onceKey: string) => Promise<boolean>,
): Promise<void> {
  const sent = await db.transaction(async (tx) => {
    const notice = await loadAppointmentNotice(tx, payload.appointmentId);
    const skip =
      reminderSkipReason(notice, payload, ctx.now) ??
      (channel === 'email' && !notice!.reminderEmail ? 'e-mail reminders off' : null) ??
      (channel === 'sms' && !notice!.reminderSms ? 'SMS reminders off' : null);
    if (skip) {
      ctx.log.info({ appointmentId: payload.appointmentId, reason: skip }, 'reminder not sent');
      return 0;
    }
    let count = 0;
    for (const r of notice!.recipients.filter((r) => reminded(r, channel))) {
      // One per recipient, appointment and start, even if this job runs twice.
      if (await send(tx, notice!, r, `reminder-${channel}:${reminderKey(notice!.id, notice!.startsAt)}:${r.key}`)) count++;
    }
    return count;
  });
  ctx.log.info({ appointmentId: payload.appointmentId, queued: sent }, 'reminders queued');
}

/**
 * Registers the reminder jobs. Each loads the appointment when it runs and does nothing when it is gone, no longer
 * reserved, moved to another time or already started, or when the organisation has turned that reminder off;
 * otherwise it queues the reminder e-mails (template `bookingReminder`) or SMS to the patients and guests in their
 * language, in one transaction, leaving out the patients who have turned that reminder off themselves. SMS go only to those with a known mobile number, and only when `smsEnabled` (an
 * SMS gateway or the sink is configured).
 */
export function registerBookingReminders(
  runner: JobRunner,
  deps: { db: Db; smsEnabled: boolean; publicUrl: string; sender: Sender },
): void {
  runner.register('booking.reminderEmail', (payload, ctx) =>
    runReminder(deps.db, 'email', payload, ctx, async (tx, notice, r, onceKey) => {
      if (!r.email) return false;
      await sendTemplatedEmail(tx, {
        organisationId: notice.organisationId,
        kind: 'bookingReminder',
        language: r.language,
        sender: deps.sender,
        to: r.email,
        tags: noticeTags(notice, r, deps.publicUrl),
        onceKey,
      });
      return true;
    }),
  );
  runner.register('booking.reminderSms', (payload, ctx) =>
    runReminder(deps.db, 'sms', payload, ctx, async (tx, notice, r, onceKey) => {
      const to = toInternationalNumber(r.mobile);
      if (!to || !deps.smsEnabled) return false;
      await enqueueSms(tx, { to, text: reminderSmsText(notice, r, deps.publicUrl) }, { onceKey });
      return true;
    }),
  );
}
