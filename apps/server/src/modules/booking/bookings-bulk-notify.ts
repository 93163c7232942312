import type { Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { EmailAttachment } from '../../platform/mail/outbox';
import type { Sender } from '../../platform/mail/sender';
import { sendTemplatedEmail, type ResolvedMail } from '../../platform/mail/templated-email';
import { invitationAttachment } from './booking-notifications-calendar';
import { loadAppointmentNotice, type AppointmentNotice, type NoticeRecipient } from './booking-notifications-data';
import { noticeTags, previousTimeTags } from './booking-notifications-format';
import { raiseCalendarSequence } from './booking-notifications.repo';
import { scheduleReminders } from './booking-reminders';

/**
 * What a bulk action tells people (issue 33 point 2: "each patient told once"). Unlike one booking's change, which
 * sends each participant an e-mail per appointment, a bulk action sends every person — patient, guest or expert —
 * exactly one e-mail (kind `bookingsChanged`) however many of their appointments it changed: one line per appointment
 * saying what happened, the admin's message, and each appointment's calendar cancellation or update attached. Each
 * changed appointment's SEQUENCE is raised once, as every change that notifies does. Written in the action's
 * transaction, through the outbox: nothing is sent if it rolls back.
 */

/** A changed appointment: cancelled, or moved (with the notice as it was before the move). */
export type BulkChange = { appointmentId: string; kind: 'cancel' } | { appointmentId: string; kind: 'move'; before: AppointmentNotice };

type Line = {
  what: 'cancelled' | 'moved' | 'movedAway';
  notice: AppointmentNotice;
  recipient: NoticeRecipient & { email: string };
  before?: AppointmentNotice;
  sequence: number;
};

const LINE_TEXT: Record<Language, Record<Line['what'], (v: Record<string, string>) => string>> = {
  fi: {
    cancelled: (v) => `Peruttu: ${v.date} klo ${v.time}–${v.endTime}, ${v.serviceName}, asiantuntija ${v.expertName}`,
    moved: (v) =>
      `Siirretty: ${v.previousDate} klo ${v.previousTime} → ${v.date} klo ${v.time}–${v.endTime}, ${v.serviceName}, asiantuntija ${v.expertName}`,
    movedAway: (v) => `Siirretty toiselle asiantuntijalle: ${v.date} klo ${v.time}–${v.endTime}, ${v.serviceName}`,
  },
  se: {
    cancelled: (v) => `Avbokad: ${v.date} kl. ${v.time}–${v.endTime}, ${v.serviceName}, expert ${v.expertName}`,
    moved: (v) =>
      `Flyttad: ${v.previousDate} kl. ${v.previousTime} → ${v.date} kl. ${v.time}–${v.endTime}, ${v.serviceName}, expert ${v.expertName}`,
    movedAway: (v) => `Flyttad till en annan expert: ${v.date} kl. ${v.time}–${v.endTime}, ${v.serviceName}`,
  },
  en: {
    cancelled: (v) => `Cancelled: ${v.date} at ${v.time}–${v.endTime}, ${v.serviceName}, with ${v.expertName}`,
    moved: (v) =>
      `Moved: ${v.previousDate} at ${v.previousTime} → ${v.date} at ${v.time}–${v.endTime}, ${v.serviceName}, with ${v.expertName}`,
    movedAway: (v) => `Moved to another expert: ${v.date} at ${v.time}–${v.endTime}, ${v.serviceName}`,
  },
};

const addressOf = (email: string) => email.trim().toLowerCase();
const withEmail = (r: NoticeRecipient): r is NoticeRecipient & { email: string } => Boolean(r.email);

/** The lines of each person, by address, in the order the changes came. */
async function linesOf(tx: Tx, changes: readonly BulkChange[], now: Date): Promise<Map<string, Line[]>> {
  const byAddress = new Map<string, Line[]>();
  const add = (line: Line) => {
    const key = addressOf(line.recipient.email);
    byAddress.set(key, [...(byAddress.get(key) ?? []), line]);
  };
  for (const change of changes) {
    const notice = await loadAppointmentNotice(tx, change.appointmentId);
    if (!notice) continue;
    const sequence = await raiseCalendarSequence(tx, notice.id);
    if (change.kind === 'cancel') {
      for (const r of notice.recipients.filter(withEmail)) add({ what: 'cancelled', notice, recipient: r, sequence });
      continue;
    }
    const still = new Set(notice.recipients.filter(withEmail).map((r) => addressOf(r.email)));
    for (const r of notice.recipients.filter(withEmail)) add({ what: 'moved', notice, recipient: r, before: change.before, sequence });
    // The expert it was moved away from: their calendar entry is cancelled.
    for (const r of change.before.recipients.filter(withEmail))
      if (!still.has(addressOf(r.email))) add({ what: 'movedAway', notice: change.before, recipient: r, sequence });
    await scheduleReminders(tx, notice, now);
  }
  return byAddress;
}

function attachmentOf(line: Line, index: number, publicUrl: string, mail: ResolvedMail, now: Date): EmailAttachment {
  const { notice, recipient: r } = line;
  const tags = noticeTags(notice, r, publicUrl);
  const method = line.what === 'moved' ? 'REQUEST' : 'CANCEL';
  const file = invitationAttachment({
    method,
    appointmentId: notice.id,
    sequence: line.sequence,
    start: notice.startsAt,
    end: notice.endsAt,
    stamp: now,
    summary: `${tags.serviceName} (${tags.appointmentKind}) – ${mail.organisationName}`,
    description: [`${tags.serviceName} (${tags.appointmentKind}), ${notice.expertName}`, tags.link].join(' '),
    url: tags.link,
    organizer: { name: mail.fromName, email: mail.fromAddress },
    attendee: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
  });
  return { ...file, filename: `${index + 1}-${method === 'CANCEL' ? 'cancel' : 'invite'}.ics` };
}

/**
 * Sends each person their one e-mail about the changes; answers how many e-mails were queued. `message`: what the
 * admin wrote to everyone (empty: its paragraph is left out).
 */
export async function notifyBulk(
  tx: Tx,
  organisationId: string,
  changes: readonly BulkChange[],
  opts: { message: string; publicUrl: string; sender: Sender; now: Date },
): Promise<number> {
  const byAddress = await linesOf(tx, changes, opts.now);
  for (const lines of byAddress.values()) {
    const first = lines[0]!;
    const r = first.recipient;
    const language = r.language;
    const list = lines.map((line) => {
      const tags = { ...noticeTags(line.notice, r, opts.publicUrl), ...(line.before ? previousTimeTags(line.before, language) : {}) };
      return `– ${LINE_TEXT[language][line.what](tags)}`;
    });
    await sendTemplatedEmail(tx, {
      organisationId,
      kind: 'bookingsChanged',
      language,
      sender: opts.sender,
      to: r.email,
      tags: {
        firstName: r.firstName,
        lastName: r.lastName,
        appointments: list.join('\n'),
        message: opts.message,
        link: noticeTags(first.notice, r, opts.publicUrl).link,
      },
      attachments: (mail) => lines.map((line, i) => attachmentOf({ ...line, recipient: r }, i, opts.publicUrl, mail, opts.now)),
    });
  }
  return byAddress.size;
}
