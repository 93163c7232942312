import type { Language } from '@prsp/contracts';
import type { AppointmentNotice, NoticeRecipient } from './booking-notifications-data';

/** Appointments are told in the service's time zone, whatever the server's. */
export const NOTIFICATION_TIME_ZONE = 'Europe/Helsinki';

const LOCALES: Record<Language, string> = { fi: 'fi-FI', se: 'sv-FI', en: 'en-GB' };

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const timeFormats = new Map<Language, Intl.DateTimeFormat>();

function dateFormat(language: Language): Intl.DateTimeFormat {
  let f = dateFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[language], {
      weekday: 'long',
      day: 'numeric',
      month: language === 'en' ? 'long' : 'numeric',
      year: 'numeric',
      timeZone: NOTIFICATION_TIME_ZONE,
    });
    dateFormats.set(language, f);
  }
  return f;
}

function timeFormat(language: Language): Intl.DateTimeFormat {
  let f = timeFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[language], {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: NOTIFICATION_TIME_ZONE,
    });
    timeFormats.set(language, f);
  }
  return f;
}

/** 'maanantaina 16.3.2026', 'måndag 16.3.2026', 'Monday 16 March 2026' (Helsinki date). */
export function formatDate(at: Date, language: Language): string {
  return dateFormat(language).format(at).replace(/,/g, '');
}

/** '10.00' in Finnish and Swedish, '10:00' in English (Helsinki time). */
export function formatTime(at: Date, language: Language): string {
  return timeFormat(language).format(at);
}

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
    date: formatDate(a.startsAt, language),
    time: formatTime(a.startsAt, language),
    endTime: formatTime(a.endsAt, language),
    duration: formatDuration(a.startsAt, a.endsAt),
  };
}

/** A full name split for the firstName and lastName tags: the first word, and the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

// Process-wide because the configuration is: notifications are written inside services that get no config.
let baseUrl = 'http://localhost:3000';

/** Called once when the app is built, with PUBLIC_URL. */
export function setNotificationBaseUrl(publicUrl: string): void {
  baseUrl = publicUrl.replace(/\/+$/, '');
}

/**
 * Where a recipient joins or manages the appointment: the patient app, the expert app for experts, and for a guest
 * the guest page of the appointment (where they sign in with e-mail and PIN).
 */
export function notificationLink(role: 'patient' | 'guest' | 'expert', appointmentId?: string): string {
  if (role === 'guest' && appointmentId) return `${baseUrl}/guest/${appointmentId}`;
  return role === 'expert' ? `${baseUrl}/expert` : `${baseUrl}/`;
}

/** The service's name in the language, else the slot's own name. */
export function noticeServiceName(notice: AppointmentNotice, language: Language): string {
  return notice.serviceName?.[language] || notice.serviceName?.fi || notice.name;
}

/** The tag values of a booking e-mail for one recipient. */
export function noticeTags(notice: AppointmentNotice, r: NoticeRecipient) {
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    organisationName: notice.organisationName,
    ...appointmentTags(notice, r.language),
    expertName: notice.expertName,
    serviceName: noticeServiceName(notice, r.language),
    link: notificationLink(r.role, notice.id),
  };
}
