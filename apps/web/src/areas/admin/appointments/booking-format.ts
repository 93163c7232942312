import { SERVICE_TIME_ZONE, type AppointmentRow, type Language, type MeetingKind } from '@prsp/contracts';
import { formatTime } from '@/lib/format';

/** The time of day in the service's time zone ('09.00'). */
export function clock(ms: number, lang: Language): string {
  return formatTime(ms, lang, SERVICE_TIME_ZONE);
}

/**
 * How an appointment or open time is held, as the admin screens name it (issue 29: chat, video, group chat or group
 * video, so an admin-booked video is not just 'an appointment'): `admin.bookings.meetingKind.*`.
 */
export function meetingKindOfRow(row: Pick<AppointmentRow, 'kind' | 'video'>): MeetingKind {
  if (row.kind === 'group') return row.video ? 'groupVideo' : 'group';
  return row.video ? 'video' : 'chat';
}
