import { formatInstant, type Language } from '@prsp/contracts';
import type { AppointmentNotice, NoticeRecipient } from './booking-notifications-data';
import { deviceCheckLine, deviceCheckLink, KIND_NAMES } from './appointment-kind-texts';

/** '30 min', '1 h 30 min', '2 h'. */
export function formatDuration(start: Date, end: Date): string {
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The appointment's tag values for a recipient in their language (the booking e-mail kinds' tags). */
export function appointmentTags(a: { startsAt: Date; endsAt: Date }, language: Language) {
  return {
    date: formatInstant(a.startsAt, language, 'long'),
    time: formatInstant(a.startsAt, language, 'time'),
    endTime: formatInstant(a.endsAt, language, 'time'),
    duration: formatDuration(a.startsAt, a.endsAt),
  };
}

/**
 * Where a recipient joins or manages the appointment: the patient app, the expert app for experts, and for a guest
 * the guest page of the appointment (where they sign in with e-mail and PIN), in the guest's language: a guest has no
 * account that would remember it, and the page would otherwise open in Finnish.
 */
export function notificationLink(
  publicUrl: string,
  role: 'patient' | 'guest' | 'expert',
  appointmentId: string,
  language: Language,
): string {
  const baseUrl = publicUrl.replace(/\/+$/, '');
  if (role === 'guest') return `${baseUrl}/guest/${appointmentId}?lang=${language}`;
  return role === 'expert' ? `${baseUrl}/expert` : `${baseUrl}/`;
}

const REMOTE_APPOINTMENT: Record<Language, string> = { fi: 'Etävastaanotto', se: 'Distansmottagning', en: 'Remote appointment' };
const NO_REASON: Record<Language, string> = { fi: 'ei ilmoitettu', se: 'inte angiven', en: 'not given' };

/**
 * The service's name in the language; without a service, the title an admin gave the appointment, else a plain
 * 'remote appointment' (an untitled appointment's stored name is its expert's, which is `expertName`, not a service).
 */
export function noticeServiceName(notice: AppointmentNotice, language: Language): string {
  const service = notice.serviceName?.[language] || notice.serviceName?.fi;
  if (service) return service;
  return notice.name && notice.name !== notice.expertName ? notice.name : REMOTE_APPOINTMENT[language];
}

/** The tag values of a booking e-mail for one recipient; `publicUrl` is the service's address (PUBLIC_URL). */
export function noticeTags(notice: AppointmentNotice, r: NoticeRecipient, publicUrl: string) {
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    organisationName: notice.organisationName,
    ...appointmentTags(notice, r.language),
    expertName: notice.expertName,
    serviceName: noticeServiceName(notice, r.language),
    appointmentKind: KIND_NAMES[r.language][notice.kind],
    deviceCheck: deviceCheckLine(notice.kind, deviceCheckLink(publicUrl, r.role, notice.id, r.language), r.language),
    link: notificationLink(publicUrl, r.role, notice.id, r.language),
    patientName: notice.patientNames,
    cancelReason: notice.cancelReason || NO_REASON[r.language],
  };
}

/** The time an appointment had before a change, for the change e-mail's `previousDate` and `previousTime`. */
export function previousTimeTags(before: { startsAt: Date }, language: Language) {
  return { previousDate: formatInstant(before.startsAt, language, 'long'), previousTime: formatInstant(before.startsAt, language, 'time') };
}
