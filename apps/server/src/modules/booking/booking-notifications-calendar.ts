import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '../../platform/mail/outbox';

export type InvitationInput = {
  method: 'REQUEST' | 'CANCEL';
  appointmentId: string;
  /** The appointment's `calendar_sequence` for this change: higher with every change, so calendars apply the latest. */
  sequence: number;
  start: Date;
  end: Date;
  /** DTSTAMP: when this message was made. */
  stamp: Date;
  summary: string;
  description: string;
  /** Where the appointment is joined: the service's address. */
  url: string;
  organizer: { name: string; email: string };
  /** The recipient only: a group's participants never see each other's addresses. */
  attendee: { name: string; email: string };
};

/** The event's UID: the same for every message about one appointment, so an update or cancellation replaces it. */
export function invitationUid(appointmentId: string): string {
  return `${appointmentId}@prsp`;
}

/**
 * An iCalendar (RFC 5545/5546) invitation for one recipient, made with ical-generator: METHOD:REQUEST (a new or
 * changed appointment) or METHOD:CANCEL, the appointment's stable UID, SEQUENCE, and DTSTART/DTEND in UTC (`…Z`),
 * which every calendar shows in its own time zone. (Writing TZID=Europe/Helsinki would need a VTIMEZONE block, and
 * ical-generator formats a plain Date in the process's zone under a TZID: UTC is the form that cannot go wrong.)
 */
export function buildInvitation(input: InvitationInput): string {
  const cancel = input.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'PRSP', product: 'booking', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitationUid(input.appointmentId),
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    stamp: input.stamp,
    summary: input.summary,
    description: input.description,
    url: input.url,
    location: input.url,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        role: ICalAttendeeRole.REQ,
        ...(cancel ? {} : { status: ICalAttendeeStatus.ACCEPTED }),
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}

/**
 * The invitation as an e-mail attachment: `text/calendar` with its method. Mail delivery also sends it as the
 * message's inline calendar part (outbox-delivery.ts), which calendar clients read as the invitation.
 */
export function invitationAttachment(input: InvitationInput): EmailAttachment {
  return {
    filename: input.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    contentBase64: Buffer.from(buildInvitation(input), 'utf8').toString('base64'),
  };
}
