import type { AppointmentRow, Language, VisitState } from '@prsp/contracts';
import { csvDateTime, spreadsheetCsv } from '../../platform/csv';

type Texts = {
  header: readonly string[];
  status: Record<AppointmentRow['status'] | VisitState, string>;
  kind: Record<AppointmentRow['kind'], string>;
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
    kind: { oneOnOne: 'Yksilöaika', group: 'Ryhmäaika' },
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
    kind: { oneOnOne: 'Enskild tid', group: 'Grupptid' },
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
    kind: { oneOnOne: 'One-to-one', group: 'Group' },
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
      texts.kind[r.kind],
      r.name,
      r.expert.name,
      r.service?.name[lang] ?? '',
      r.patientName ?? '',
      String(r.participantCount),
    ]),
  );
}
