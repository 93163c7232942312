import { meetingKindOf, type Language, type Localized, type MeetingKind } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { templateLanguage } from '../staff/staff-invitations.service';
import { findNoticeAppointment, findNoticeExperts, findNoticeParticipants } from './booking-notifications.repo';
import { expertDisplayName } from './booking.repo';

/** Someone an appointment's notifications go to, with what their messages need. */
export type NoticeRecipient = {
  /** Stable within the appointment: the participant row's id, or `expert:{expertId}` for its own experts. */
  key: string;
  /** `expert` for the appointment's own expert and a group's host; participants keep their role. */
  role: 'patient' | 'guest' | 'expert';
  email: string | null;
  /** In international form or as given; `toInternationalNumber` decides whether an SMS can go. */
  mobile: string | null;
  language: Language;
  firstName: string;
  lastName: string;
  /** The person's own choice of reminders: a signed-in patient's (issue 29); everyone else gets what the organisation sends. */
  remindersWanted: { email: boolean; sms: boolean };
};

export type AppointmentNotice = {
  id: string;
  organisationId: string;
  organisationName: string;
  status: 'open' | 'booked' | 'selfBooked' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
  /** The appointment's own title (the expert's name unless an admin gave one). */
  name: string;
  /** How it is held: chat, video, group chat or group video (issue 29: the e-mails and calendar entries say it). */
  kind: MeetingKind;
  serviceName: Localized | null;
  expertName: string;
  /** The patients' names, comma-separated: who booked, for the experts' confirmation. */
  patientNames: string;
  /** What the canceller typed, if anything. */
  cancelReason: string | null;
  /** The SEQUENCE of its latest calendar message (`raiseCalendarSequence`). */
  calendarSequence: number;
  reminderEmail: boolean;
  reminderSms: boolean;
  recipients: NoticeRecipient[];
};

const ALL_REMINDERS = { email: true, sms: true } as const;

/** Reserved appointments are the ones people are told about and reminded of. */
export function isReserved(status: AppointmentNotice['status']): boolean {
  return status === 'booked' || status === 'selfBooked';
}

type ExpertRow = { expertId: string; firstName: string; lastName: string; email: string; language: 'fi' | 'sv' | 'en' };

async function expertsById(tx: Tx, ids: string[]): Promise<Map<string, ExpertRow>> {
  if (ids.length === 0) return new Map();
  const rows = await findNoticeExperts(tx, ids);
  return new Map(rows.map((r) => [r.expertId, r]));
}

/**
 * Everything the notifications of one appointment need, read in the caller's transaction: the appointment, its
 * organisation's name and reminder settings (no settings row: both reminders on), the service's name, the expert,
 * and the recipients — the appointment's expert and a group's host (staff e-mail, communication language) and every
 * participant (the participant's own e-mail and mobile, else a signed-in patient's contact details; a patient's names
 * from the identity). Recipients are unique by e-mail address. Undefined when the appointment does not exist.
 */
export async function loadAppointmentNotice(tx: Tx, appointmentId: string): Promise<AppointmentNotice | undefined> {
  const a = await findNoticeAppointment(tx, appointmentId);
  if (!a) return undefined;

  const participants = await findNoticeParticipants(tx, appointmentId);

  const ownExperts = [a.expertId, a.hostExpertId].filter((id): id is string => id !== null);
  const participantExperts = participants.map((p) => p.expertId).filter((id): id is string => id !== null);
  const staff = await expertsById(tx, [...new Set([...ownExperts, ...participantExperts])]);

  const recipients: NoticeRecipient[] = [];
  const seen = new Set<string>();
  const add = (r: NoticeRecipient) => {
    const address = r.email?.trim().toLowerCase();
    if (address) {
      if (seen.has(address)) return;
      seen.add(address);
    }
    recipients.push({ ...r, email: r.email?.trim() || null, mobile: r.mobile?.trim() || null });
  };
  for (const id of [...new Set(ownExperts)]) {
    const e = staff.get(id);
    if (!e) continue;
    add({
      key: `expert:${id}`,
      role: 'expert',
      email: e.email,
      mobile: null,
      language: templateLanguage(e.language),
      firstName: e.firstName,
      lastName: e.lastName,
      remindersWanted: ALL_REMINDERS,
    });
  }
  for (const p of participants) {
    const e = p.expertId ? staff.get(p.expertId) : undefined;
    const names =
      p.firstName !== null && p.lastName !== null
        ? { firstName: p.firstName, lastName: p.lastName }
        : p.givenName !== null && p.familyName !== null
          ? { firstName: p.givenName, lastName: p.familyName }
          : e
            ? { firstName: e.firstName, lastName: e.lastName }
            : splitName(p.name);
    add({
      key: p.id,
      role: p.role,
      email: p.email || p.contactEmail || e?.email || null,
      mobile: p.mobile || p.contactMobile || null,
      language: p.language,
      ...names,
      remindersWanted: { email: p.remindersByEmail ?? true, sms: p.remindersBySms ?? true },
    });
  }

  const expert = a.expertId ? staff.get(a.expertId) : a.hostExpertId ? staff.get(a.hostExpertId) : undefined;
  return {
    id: a.id,
    organisationId: a.organisationId,
    organisationName: a.organisationName,
    status: a.status,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    name: a.name,
    kind: meetingKindOf(a.type),
    serviceName: a.serviceName,
    expertName: expert ? expertDisplayName(expert) : '',
    patientNames: recipientsNamed(recipients, 'patient'),
    cancelReason: a.cancelReason,
    calendarSequence: a.calendarSequence,
    reminderEmail: a.reminderEmail ?? true,
    reminderSms: a.reminderSms ?? true,
    recipients,
  };
}

const recipientsNamed = (recipients: NoticeRecipient[], role: NoticeRecipient['role']) =>
  recipients
    .filter((r) => r.role === role)
    .map((r) => `${r.firstName} ${r.lastName}`.trim())
    .join(', ');

/** A full name split for the firstName and lastName tags: the first word, and the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
