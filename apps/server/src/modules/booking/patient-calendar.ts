import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Language, MeetingKind } from '@prsp/contracts';
import { invitationUid } from './booking-notifications-calendar';
import { deviceCheckLine, KIND_NAMES } from './appointment-kind-texts';

const DESCRIPTION: Record<Language, (kind: string, expert: string, link: string) => string> = {
  fi: (kind, expert, link) =>
    `Etävastaanotto (${kind}). ${expert ? `Asiantuntija ${expert}. ` : ''}Aloita vastaanotto palvelun etusivulta 5 minuuttia ennen alkua: ${link}`,
  se: (kind, expert, link) =>
    `Distansmottagning (${kind}). ${expert ? `Expert ${expert}. ` : ''}Starta mottagningen från tjänstens startsida 5 minuter före: ${link}`,
  en: (kind, expert, link) =>
    `Remote appointment (${kind}). ${expert ? `With ${expert}. ` : ''}Start the appointment from the service's front page 5 minutes before: ${link}`,
};

/**
 * The patient's own booking as a calendar file to add by hand (the success page's 'add to calendar'): METHOD:PUBLISH,
 * no attendees, and the invitations' UID, so the confirmation's invitation and later updates or a cancellation by
 * e-mail replace the same event; its SEQUENCE is the latest invitation's. Times in UTC, as in the invitations.
 */
export function patientCalendarFile(input: {
  appointmentId: string;
  /** The appointment's current `calendar_sequence`: the same as its latest invitation, so neither overrides the other wrongly. */
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  serviceName: string;
  organisationName: string;
  expertName: string;
  link: string;
  /** Chat, video or group: said in the summary and description (issue 29). */
  kind: MeetingKind;
  /** The patient's device check, named in a video appointment's description. */
  deviceCheckLink: string;
  language: Language;
}): string {
  const calendar = ical({ prodId: { company: 'PRSP', product: 'booking', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: invitationUid(input.appointmentId),
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    stamp: input.stamp,
    summary: `${input.serviceName} (${KIND_NAMES[input.language][input.kind]}) – ${input.organisationName}`,
    description: [
      DESCRIPTION[input.language](KIND_NAMES[input.language][input.kind], input.expertName, input.link),
      deviceCheckLine(input.kind, input.deviceCheckLink, input.language),
    ]
      .filter(Boolean)
      .join(' '),
    url: input.link,
    location: input.link,
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
