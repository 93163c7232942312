import { formatInstant, localDateAt, type Language, type SelfAssessmentView, type Urgency } from '@prsp/contracts';

type LabelKey =
  | 'title'
  | 'organisation'
  | 'patient'
  | 'identityCode'
  | 'delegate'
  | 'time'
  | 'ongoing'
  | 'kind'
  | 'service'
  | 'appointment'
  | 'professionals'
  | 'urgency'
  | 'noUrgency'
  | 'preQuestionnaire'
  | 'noPreQuestionnaire'
  | 'selfAssessment'
  | 'noSelfAssessment'
  | 'encrypted'
  | 'transcript'
  | 'noMessages'
  | 'file'
  | 'note'
  | 'noNote'
  | 'printed';

const LABELS: Record<Language, Record<LabelKey, string>> = {
  fi: {
    title: 'Käyntiyhteenveto',
    organisation: 'Organisaatio',
    patient: 'Potilas',
    identityCode: 'Henkilötunnus',
    delegate: 'Asioi potilaan puolesta',
    time: 'Aika',
    ongoing: 'käynnissä',
    kind: 'Käynnin tyyppi',
    service: 'Palvelu',
    appointment: 'Ajanvaraus',
    professionals: 'Ammattilainen',
    urgency: 'Kiireellisyys',
    noUrgency: 'ei arvioitu',
    preQuestionnaire: 'Esitietokysely',
    noPreQuestionnaire: 'Ei esitietovastauksia.',
    selfAssessment: 'Oirearvio',
    noSelfAssessment: 'Ei oirearviota.',
    encrypted: 'Oirearvion tulos on salattu oirearviopalvelun omaan järjestelmään, eikä sitä voi näyttää tässä.',
    transcript: 'Keskustelu',
    noMessages: 'Ei viestejä.',
    file: 'Tiedosto',
    note: 'Oma muistiinpano',
    noNote: 'Ei muistiinpanoa.',
    printed: 'Tulostettu',
  },
  se: {
    title: 'Besökssammanfattning',
    organisation: 'Organisation',
    patient: 'Patient',
    identityCode: 'Personbeteckning',
    delegate: 'Sköter ärenden för patienten',
    time: 'Tid',
    ongoing: 'pågår',
    kind: 'Typ av besök',
    service: 'Tjänst',
    appointment: 'Tidsbokning',
    professionals: 'Yrkesperson',
    urgency: 'Brådskandegrad',
    noUrgency: 'inte bedömd',
    preQuestionnaire: 'Förhandsenkät',
    noPreQuestionnaire: 'Inga svar på förhandsenkäten.',
    selfAssessment: 'Symtombedömning',
    noSelfAssessment: 'Ingen symtombedömning.',
    encrypted: 'Resultatet av symtombedömningen är krypterat för bedömningstjänstens eget system och kan inte visas här.',
    transcript: 'Samtal',
    noMessages: 'Inga meddelanden.',
    file: 'Fil',
    note: 'Egen anteckning',
    noNote: 'Ingen anteckning.',
    printed: 'Utskriven',
  },
  en: {
    title: 'Visit summary',
    organisation: 'Organisation',
    patient: 'Patient',
    identityCode: 'Identity code',
    delegate: 'Acting on the patient’s behalf',
    time: 'Time',
    ongoing: 'ongoing',
    kind: 'Type of visit',
    service: 'Service',
    appointment: 'Appointment',
    professionals: 'Professional',
    urgency: 'Urgency',
    noUrgency: 'not assessed',
    preQuestionnaire: 'Pre-questionnaire',
    noPreQuestionnaire: 'No pre-questionnaire answers.',
    selfAssessment: 'Symptom assessment',
    noSelfAssessment: 'No symptom assessment.',
    encrypted: 'The symptom assessment’s result is encrypted for the assessment service’s own system and cannot be shown here.',
    transcript: 'Conversation',
    noMessages: 'No messages.',
    file: 'File',
    note: 'Own note',
    noNote: 'No note.',
    printed: 'Printed',
  },
};

/** The kinds of visit in words: a chat from a queue, a booked appointment (chat or video), a group appointment. */
const KINDS: Record<Language, Record<VisitKind, string>> = {
  fi: { queue: 'Chat (jono)', appointment: 'Ajanvarauskäynti', video: 'Videokäynti', group: 'Ryhmäkäynti' },
  se: { queue: 'Chatt (kö)', appointment: 'Bokat besök', video: 'Videobesök', group: 'Gruppbesök' },
  en: { queue: 'Chat (queue)', appointment: 'Booked visit', video: 'Video visit', group: 'Group visit' },
};

/** The self-assessment's urgency levels, in the words the expert's desk uses (locales/\*\/self-assessment.json). */
const URGENCIES: Record<Language, Record<Urgency, string>> = {
  fi: {
    emergency: 'Hätätilanne: ohjaa heti päivystykseen tai hätänumeroon 112',
    urgent: 'Kiireellinen: hoito saman päivän aikana',
    soon: 'Kiireetön: hoito muutaman päivän kuluessa',
    selfCare: 'Omahoito riittää',
  },
  se: {
    emergency: 'Nödsituation: hänvisa genast till jouren eller nödnumret 112',
    urgent: 'Brådskande: vård under samma dag',
    soon: 'Icke brådskande: vård inom några dagar',
    selfCare: 'Egenvård räcker',
  },
  en: {
    emergency: 'Emergency: refer at once to emergency care or the emergency number 112',
    urgent: 'Urgent: care within the same day',
    soon: 'Non-urgent: care within a few days',
    selfCare: 'Self-care is enough',
  },
};

export type VisitKind = 'queue' | 'appointment' | 'video' | 'group';

/** A patient of the visit as the summary names them: the identity code already masked, or whole when asked for. */
export type SummaryPatient = { name: string; identityCode: string | null; delegateName: string | null };

/** One line of the transcript: a message's text, or the name of a file sent. */
export type SummaryMessage = { at: Date; who: string; text: string | null; fileName: string | null };

/** What a visit's summary is made of, gathered (and access-checked) by `visit-summary.service.ts`. */
export type VisitSummaryInput = {
  language: Language;
  organisationName: string;
  patients: SummaryPatient[];
  kind: VisitKind;
  startedAt: Date;
  endedAt: Date | null;
  serviceName: string | null;
  appointmentName: string | null;
  professionals: string[];
  urgency: Urgency | null;
  preQuestionnaire: { question: string; answer: string }[];
  selfAssessment: SelfAssessmentView;
  messages: SummaryMessage[];
  /** The downloading expert's own note (nobody else's). */
  note: string | null;
  printedAt: Date;
};

/** A line of a section: `label: value`, or a paragraph of its own when it has no label. */
export type SummaryRow = { label: string | null; value: string };
export type SummarySection = { heading: string; rows: SummaryRow[]; empty: string | null };
/** The summary as words, in one language: what the PDF and the plain text both print. */
export type VisitSummary = { title: string; organisation: SummaryRow; facts: SummaryRow[]; sections: SummarySection[]; footer: string };

/** A value of another connector's result as text: strings as they are, anything else as compact JSON. */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The visit's start and end on Helsinki's clock: the end's date is left out when the visit ended the day it began. */
function visitTime(input: VisitSummaryInput): string {
  const l = LABELS[input.language];
  const start = formatInstant(input.startedAt, input.language, 'short');
  if (!input.endedAt) return `${start} – (${l.ongoing})`;
  const sameDay = localDateAt(input.startedAt) === localDateAt(input.endedAt);
  return `${start} – ${formatInstant(input.endedAt, input.language, sameDay ? 'time' : 'short')}`;
}

function selfAssessmentRows(input: VisitSummaryInput): SummaryRow[] {
  const view = input.selfAssessment;
  if (!view) return [];
  switch (view.kind) {
    case 'encrypted':
      return [{ label: null, value: LABELS[input.language].encrypted }];
    case 'result':
      return [
        { label: LABELS[input.language].urgency, value: URGENCIES[input.language][view.result.urgency] },
        ...view.result.answers.map((a) => ({ label: a.question, value: a.answer })),
      ];
    case 'other':
      return Object.entries(view.result).map(([key, value]) => ({ label: key, value: valueText(value) }));
  }
}

/**
 * The visit's summary in words (issue 33): who, when, what service, who served, how urgent, what the patient answered
 * before, the conversation line by line (a file by its name), and the downloading expert's own note. Times are
 * Helsinki's wall clock, whatever the server's time zone.
 */
export function visitSummary(input: VisitSummaryInput): VisitSummary {
  const lang = input.language;
  const l = LABELS[lang];
  const facts: SummaryRow[] = [];
  for (const p of input.patients) {
    facts.push({ label: l.patient, value: p.name });
    if (p.identityCode) facts.push({ label: l.identityCode, value: p.identityCode });
    if (p.delegateName) facts.push({ label: l.delegate, value: p.delegateName });
  }
  facts.push({ label: l.time, value: visitTime(input) });
  facts.push({ label: l.kind, value: KINDS[lang][input.kind] });
  if (input.serviceName) facts.push({ label: l.service, value: input.serviceName });
  if (input.appointmentName) facts.push({ label: l.appointment, value: input.appointmentName });
  if (input.professionals.length > 0) facts.push({ label: l.professionals, value: input.professionals.join(', ') });
  facts.push({ label: l.urgency, value: input.urgency ? URGENCIES[lang][input.urgency] : l.noUrgency });

  const day = localDateAt(input.startedAt);
  const when = (at: Date) => formatInstant(at, lang, localDateAt(at) === day ? 'time' : 'short');
  return {
    title: l.title,
    organisation: { label: l.organisation, value: input.organisationName },
    facts,
    sections: [
      {
        heading: l.preQuestionnaire,
        rows: input.preQuestionnaire.map((a) => ({ label: a.question, value: a.answer || '–' })),
        empty: l.noPreQuestionnaire,
      },
      { heading: l.selfAssessment, rows: selfAssessmentRows(input), empty: l.noSelfAssessment },
      {
        heading: l.transcript,
        rows: input.messages.map((m) => ({
          label: `${when(m.at)} ${m.who}`,
          value: m.fileName !== null ? `[${l.file}: ${m.fileName}]${m.text ? ` ${m.text}` : ''}` : (m.text ?? ''),
        })),
        empty: l.noMessages,
      },
      {
        heading: l.note,
        rows: input.note ? [{ label: null, value: input.note }] : [],
        empty: l.noNote,
      },
    ],
    footer: `${l.printed}: ${formatInstant(input.printedAt, lang, 'short')}`,
  };
}

/** A row as plain text: `label: value`, a value's further lines indented under it. */
function rowText(row: SummaryRow): string {
  const value = row.value.replace(/\r\n?/g, '\n');
  if (row.label === null) return value;
  return `${row.label}: ${value.split('\n').join('\n    ')}`;
}

/** The summary as plain text (the desk's 'Copy as text', for pasting into a patient record system). */
export function visitSummaryText(summary: VisitSummary): string {
  const out = [summary.title, '='.repeat(summary.title.length), rowText(summary.organisation), ...summary.facts.map(rowText)];
  for (const section of summary.sections) {
    out.push('', section.heading, '-'.repeat(section.heading.length));
    if (section.rows.length === 0 && section.empty) out.push(section.empty);
    out.push(...section.rows.map(rowText));
  }
  out.push('', summary.footer);
  return `${out.join('\n')}\n`;
}
