import type { AppointmentRow, Language, MeetingKind, VisitState } from '@prsp/contracts';
import { csvDateTime, spreadsheetCsv } from '../../platform/csv';

type Texts = {
  header: readonly string[];
  status: Record<AppointmentRow['status'] | VisitState, string>;
  /** How it is held (issue 29): chat, video, group chat or group video. */
  kind: Record<MeetingKind, string>;
};

const TEXTS: Record<Language, Texts> = {
  fi: {
    header: ['Alkaa', 'Päättyy', 'Kesto (min)', 'Tila', 'Tyyppi', 'Nimi', 'Asiantuntija', 'Palvelu', 'Potilas', 'Osallistujia'],
    status: {
      open: 'Vapaa',
      booked: 'Varattu',
      selfBooked: 'Potilaan varaama',
      cancelled: 'Peruttu',
      held: 'Toteutunut',
      noShow: 'Ei saapunut',
    },
    kind: { chat: 'Chat', video: 'Video', group: 'Ryhmächat', groupVideo: 'Ryhmävideo' },
  },
  se: {
    header: ['Börjar', 'Slutar', 'Längd (min)', 'Status', 'Typ', 'Namn', 'Expert', 'Tjänst', 'Patient', 'Deltagare'],
    status: {
      open: 'Ledig',
      booked: 'Bokad',
      selfBooked: 'Bokad av patienten',
      cancelled: 'Avbokad',
      held: 'Genomförd',
      noShow: 'Uteblev',
    },
    kind: { chat: 'Chatt', video: 'Video', group: 'Gruppchatt', groupVideo: 'Gruppvideo' },
  },
  en: {
    header: ['Starts', 'Ends', 'Length (min)', 'Status', 'Type', 'Name', 'Expert', 'Service', 'Patient', 'Participants'],
    status: {
      open: 'Open',
      booked: 'Booked',
      selfBooked: 'Booked by the patient',
      cancelled: 'Cancelled',
      held: 'Held',
      noShow: 'No-show',
    },
    kind: { chat: 'Chat', video: 'Video', group: 'Group chat', groupVideo: 'Group video' },
  },
};

/**
 * The bookings list as a spreadsheet download (`spreadsheetCsv`): headers, states and types in the admin's language,
 * times on the service's wall clock as that language writes them, the service's name in that language. No identity
 * codes: a download leaves the product's access checks behind.
 */
export function bookingsCsv(rows: readonly AppointmentRow[], lang: Language): string {
  const texts = TEXTS[lang];
  return spreadsheetCsv(
    texts.header,
    rows.map((r) => [
      csvDateTime(r.startTime, lang),
      csvDateTime(r.endTime, lang),
      String(r.duration),
      // A reserved appointment's visit, once held or missed, says more than 'booked'.
      texts.status[r.visit ?? r.status],
      texts.kind[r.kind === 'group' ? (r.video ? 'groupVideo' : 'group') : r.video ? 'video' : 'chat'],
      r.name,
      r.expert.name,
      r.service?.name[lang] ?? '',
      r.patientName ?? '',
      String(r.participantCount),
    ]),
  );
}
