import type { EmailTemplateKind, Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import { sendTemplatedEmail, type ResolvedMail } from '../../platform/mail/templated-email';
import { invitationAttachment } from './booking-notifications-calendar';
import { isReserved, loadAppointmentNotice, type AppointmentNotice, type NoticeRecipient } from './booking-notifications-data';
import { noticeTags, previousTimeTags } from './booking-notifications-format';
import { raiseCalendarSequence } from './booking-notifications.repo';
import { scheduleReminders } from './booking-reminders';
import { guestPinKey, sendGuestInvitationSms, type GuestPins } from './guest-invitations.service';

/**
 * What an appointment's changes tell the people in it, through the outbox (spec §4 'Cancelling notifies all
 * participants'). Written in the caller's transaction: nothing is sent for a change that rolls back. The e-mails go
 * to the appointment's expert (and a group's host) and every participant with an e-mail address, each in their own
 * language, each with an iCalendar invitation naming only its recipient (docs/notifications.md).
 *
 * Each change that notifies raises the appointment's calendar SEQUENCE here, in its transaction, and every message
 * about that change carries the new value: a later change's messages always carry a higher one, so calendars apply
 * them in order however close together they are made (RFC 5545 §3.8.7.4).
 */

/**
 * When a notice is written; tests pass their own clock (the invitation's DTSTAMP, the reminders' 'too late').
 * `guestPins`: the clear PINs of guests added by this change; each of them gets the guest invitation (template
 * `guestInvitation`: guest page link, e-mail and PIN, and an SMS when they have a mobile) instead of the
 * confirmation or update, whether or not confirmations were asked for: without it they could not sign in.
 */
export type NotifyOptions = { publicUrl: string; sender: Sender; now?: Date; guestPins?: GuestPins };

/** The invitation's description: the kind, the expert, where to sign in and, for a video, the device check. */
const DESCRIPTION: Record<Language, (v: { kind: string; expert: string; link: string }) => string> = {
  fi: (v) => `Etävastaanotto (${v.kind})${v.expert ? `, asiantuntija ${v.expert}` : ''}. Kirjaudu palveluun: ${v.link}`,
  se: (v) => `Distansmottagning (${v.kind})${v.expert ? `, expert ${v.expert}` : ''}. Logga in i tjänsten: ${v.link}`,
  en: (v) => `Remote appointment (${v.kind})${v.expert ? ` with ${v.expert}` : ''}. Sign in to the service: ${v.link}`,
};

type NoticeKind = 'bookingConfirmation' | 'bookingUpdated' | 'bookingCancellation';

/**
 * The template a recipient gets: an expert's confirmation names the patient and does not ask them to cancel; a guest,
 * who cannot book, gets a cancellation that does not offer a new time; a guest with a new PIN gets the invitation.
 */
function kindFor(kind: NoticeKind, r: NoticeRecipient, pinned: boolean): EmailTemplateKind {
  if (pinned) return 'guestInvitation';
  if (kind === 'bookingConfirmation' && r.role === 'expert') return 'expertBookingConfirmation';
  if (kind === 'bookingCancellation' && r.role === 'guest') return 'guestCancellation';
  return kind;
}

async function sendInvitations(
  tx: Tx,
  notice: AppointmentNotice,
  kind: NoticeKind,
  method: 'REQUEST' | 'CANCEL',
  now: Date,
  /** The change's SEQUENCE (`raiseCalendarSequence`). */
  sequence: number,
  opts: {
    publicUrl: string;
    sender: Sender;
    guestPins?: GuestPins;
    onlyPinned?: boolean;
    onlyKeys?: ReadonlySet<string>;
    /** A change's time before it, for `previousDate` and `previousTime`. */
    before?: { startsAt: Date };
  },
): Promise<void> {
  for (const r of notice.recipients) {
    const email = r.email;
    if (!email) continue;
    if (opts.onlyKeys && !opts.onlyKeys.has(r.key)) continue;
    const pin = r.role === 'guest' ? opts.guestPins?.get(guestPinKey(email)) : undefined;
    if (opts.onlyPinned && !pin) continue;
    const tags = {
      ...noticeTags(notice, r, opts.publicUrl),
      ...(opts.before ? previousTimeTags(opts.before, r.language) : {}),
      ...(pin ? { email, pin } : {}),
    };
    // The invitation's organiser is the mail's sender, and it names the organisation in the reader's language.
    const invitation = (mail: ResolvedMail) =>
      invitationAttachment({
        method,
        appointmentId: notice.id,
        sequence,
        start: notice.startsAt,
        end: notice.endsAt,
        stamp: now,
        summary: `${tags.serviceName} (${tags.appointmentKind}) – ${mail.organisationName}`,
        description: [DESCRIPTION[r.language]({ kind: tags.appointmentKind, expert: notice.expertName, link: tags.link }), tags.deviceCheck]
          .filter(Boolean)
          .join(' '),
        url: tags.link,
        organizer: { name: mail.fromName, email: mail.fromAddress },
        attendee: { name: `${r.firstName} ${r.lastName}`.trim(), email },
      });
    await sendTemplatedEmail(tx, {
      organisationId: notice.organisationId,
      kind: kindFor(kind, r, pin !== undefined),
      language: r.language,
      sender: opts.sender,
      to: email,
      tags,
      attachments: (mail) => [invitation(mail)],
    });
    if (pin) await sendGuestInvitationSms(tx, { ...r, email }, tags.link, pin);
  }
}

/**
 * A booking is made: confirmation e-mails (iCalendar METHOD:REQUEST) when `sendConfirmation`, and the reminders
 * (e-mail 24 h and SMS 1 h before) as jobs. Nothing for an appointment that is not reserved.
 */
export async function notifyBooked(tx: Tx, appointmentId: string, opts: { sendConfirmation: boolean } & NotifyOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const notice = await loadAppointmentNotice(tx, appointmentId);
  if (!notice || !isReserved(notice.status)) return;
  await sendInvitations(tx, notice, 'bookingConfirmation', 'REQUEST', now, await raiseCalendarSequence(tx, notice.id), {
    ...outgoing(opts),
    guestPins: opts.guestPins,
    onlyPinned: !opts.sendConfirmation,
  });
  await scheduleReminders(tx, notice, now);
}

/**
 * A booking's time or people changed: the updated invitation (same UID, a higher SEQUENCE) and reminders at the new
 * time. The reminders queued for the old time stay queued but do nothing: their handlers compare the time. Given the
 * appointment as it was `before` the change, the people no longer in it get a cancellation of their invitation.
 */
export async function notifyUpdated(tx: Tx, appointmentId: string, opts: NotifyOptions & { before?: AppointmentNotice }): Promise<void> {
  const now = opts.now ?? new Date();
  const notice = await loadAppointmentNotice(tx, appointmentId);
  if (!notice || !isReserved(notice.status)) return;
  const sequence = await raiseCalendarSequence(tx, notice.id);
  await sendInvitations(tx, notice, 'bookingUpdated', 'REQUEST', now, sequence, {
    ...outgoing(opts),
    guestPins: opts.guestPins,
    before: opts.before ?? notice,
  });
  if (opts.before) {
    const still = new Set(notice.recipients.map(addressOf));
    const removed = opts.before.recipients.filter((r) => r.email && !still.has(addressOf(r)));
    if (removed.length > 0)
      await sendInvitations(tx, { ...opts.before, recipients: removed }, 'bookingCancellation', 'CANCEL', now, sequence, outgoing(opts));
  }
  await scheduleReminders(tx, notice, now);
}

const outgoing = ({ publicUrl, sender }: NotifyOptions) => ({ publicUrl, sender });

const addressOf = (r: { email: string | null }) => r.email?.trim().toLowerCase() ?? '';

/**
 * A booking is cancelled: cancellation e-mails (iCalendar METHOD:CANCEL) to every participant and the expert. Its
 * queued reminders do nothing when their time comes (the appointment is no longer reserved).
 */
export async function notifyCancelled(tx: Tx, appointmentId: string, opts: NotifyOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const notice = await loadAppointmentNotice(tx, appointmentId);
  if (!notice) return;
  await sendInvitations(tx, notice, 'bookingCancellation', 'CANCEL', now, await raiseCalendarSequence(tx, notice.id), outgoing(opts));
}

/**
 * People added to a live group appointment (an expert's invitation from its chat): only they are told, at once. A
 * guest among them gets the guest invitation with their PIN (`guestPins`), an expert the confirmation with the
 * expert app's link. The others are not told again.
 */
export async function notifyInvited(tx: Tx, appointmentId: string, participantIds: readonly string[], opts: NotifyOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const notice = await loadAppointmentNotice(tx, appointmentId);
  if (!notice || !isReserved(notice.status)) return;
  await sendInvitations(tx, notice, 'bookingConfirmation', 'REQUEST', now, await raiseCalendarSequence(tx, notice.id), {
    ...outgoing(opts),
    guestPins: opts.guestPins,
    onlyKeys: new Set(participantIds),
  });
}
