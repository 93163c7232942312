import type {
  Appointment,
  AppointmentParticipant,
  CodeableConcept,
  Meta,
  Patient,
  Practitioner,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { visibleQuestions, type Localized, type SurveyAnswer, type SurveyAnswers, type SurveyQuestion } from '@prsp/contracts';
import { visitOf } from '../booking/booking-visits.service';

type AppointmentStatus = 'open' | 'booked' | 'selfBooked' | 'cancelled';

/** The Finnish personal identity code's system (Digital and Population Data Services Agency's OID). */
export const FINNISH_PIC_SYSTEM = 'urn:oid:1.2.246.21';
/** Languages as BCP 47 codes (our `se` is Swedish, `sv`). */
const LANGUAGE_SYSTEM = 'urn:ietf:bcp:47';
const bcp47 = (lang: string) => (lang === 'se' ? 'sv' : lang);

/**
 * Our appointment status as FHIR's: open timeslots are Slots, not Appointments. A reserved appointment whose visit
 * took place is `fulfilled`, one whose patient did not come `noshow` (booking-visits.service.ts).
 */
function appointmentStatus(row: AppointmentRow): Appointment['status'] {
  if (row.status === 'cancelled') return 'cancelled';
  const visit = visitOf(row);
  if (visit === 'held') return 'fulfilled';
  return visit === 'noShow' ? 'noshow' : 'booked';
}

const serviceType = (name: Localized | null) => (name ? [{ text: name.fi }] : undefined);

/** A row's FHIR version: kept by the database (migration 0025), once per changing transaction. */
export type Versioned = { version: number; updatedAt: Date };

/** `meta.versionId` and `meta.lastUpdated` of a row (docs/fhir.md 'Versions and _lastUpdated'). */
export const metaOf = (row: Versioned): Meta => ({ versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() });

export type AppointmentRow = {
  id: string;
  expertId: string | null;
  hostExpertId: string | null;
  name: string;
  startsAt: Date;
  endsAt: Date;
  type: string;
  status: AppointmentStatus;
  heldAt: Date | null;
  noShowAt: Date | null;
  /** When it was reserved; null for one reserved before this was kept (its row's creation then stands in). */
  bookedAt: Date | null;
  createdAt: Date;
  serviceName: Localized | null;
} & Versioned;

/**
 * An appointment: its time, status, service and who takes part (the expert, a group's host and other experts as
 * Practitioners, patients as Patients). The pre-questionnaire's answers are health data and stay out; guests, who
 * have no resource here, too. `description` is the appointment's title an admin gave it.
 */
export function toAppointment(row: AppointmentRow, participants: { patientId: string | null; expertId: string | null }[]): Appointment {
  const practitioners = new Set(
    [row.expertId, row.hostExpertId, ...participants.map((p) => p.expertId)].filter((id): id is string => !!id),
  );
  const patientIds = new Set(participants.map((p) => p.patientId).filter((id): id is string => !!id));
  const participant: AppointmentParticipant[] = [
    ...[...practitioners].map((id) => ({
      actor: { reference: `Practitioner/${id}` },
      required: 'required' as const,
      status: 'accepted' as const,
    })),
    ...[...patientIds].map((id) => ({ actor: { reference: `Patient/${id}` }, required: 'required' as const, status: 'accepted' as const })),
  ];
  return {
    resourceType: 'Appointment',
    id: row.id,
    meta: metaOf(row),
    status: appointmentStatus(row),
    serviceType: serviceType(row.serviceName),
    appointmentType: { coding: [{ system: 'urn:prsp:appointment-type', code: row.type }] },
    description: row.name,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    minutesDuration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    // When the booking was made, not when its open time was: a slot opened weeks before it was booked.
    created: (row.bookedAt ?? row.createdAt).toISOString(),
    // R4 requires at least one participant; an appointment whose expert was removed still has its time.
    participant: participant.length ? participant : [{ type: [{ text: 'unassigned' }], status: 'needs-action' }],
  };
}

/** An open timeslot: free time on its expert's Schedule. */
export function toSlot(
  row: { id: string; expertId: string | null; startsAt: Date; endsAt: Date; serviceName: Localized | null } & Versioned,
): Slot {
  return {
    resourceType: 'Slot',
    id: row.id,
    meta: metaOf(row),
    schedule: { reference: `Schedule/${row.expertId}` },
    status: 'free',
    serviceType: serviceType(row.serviceName),
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
  };
}

/** A specialisation as the expert's Schedule names it: its slug and Finnish name (null when no longer in the list). */
export type Specialization = { slug: string; name: Localized | null };

export type ExpertRow = {
  id: string;
  firstName: string;
  lastName: string;
  active: boolean;
  language: string;
  specializations: Specialization[];
} & Versioned;

/** The system of our specialisations' codes: the slugs of the `specializations` list (docs/fhir.md 'Mapping'). */
export const SPECIALIZATION_SYSTEM = 'urn:prsp:specialization';

/**
 * A specialisation as a coded concept: its slug as the code, its Finnish name as display and text (the service's
 * default language: every organisation's names have a Finnish one; docs/fhir.md). A slug no longer in the list keeps
 * its code, without a name to show.
 */
function specialty(s: Specialization): CodeableConcept {
  const name = s.name?.fi;
  return { coding: [{ system: SPECIALIZATION_SYSTEM, code: s.slug, ...(name ? { display: name } : {}) }], ...(name ? { text: name } : {}) };
}

/** An expert as a Practitioner: name, whether active, the language they work in; no contact details. */
export function toPractitioner(row: Omit<ExpertRow, 'specializations'>): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: row.id,
    meta: metaOf(row),
    active: row.active,
    name: [{ family: row.lastName, given: [row.firstName] }],
    communication: [{ coding: [{ system: LANGUAGE_SYSTEM, code: bcp47(row.language) }] }],
  };
}

/** Each expert's calendar as one Schedule (its id is the expert's), whose open times are its Slots. */
export function toSchedule(row: ExpertRow): Schedule {
  return {
    resourceType: 'Schedule',
    id: row.id,
    meta: metaOf(row),
    active: row.active,
    specialty: row.specializations.length ? row.specializations.map(specialty) : undefined,
    actor: [{ reference: `Practitioner/${row.id}` }],
  };
}

/** A patient: names from the strong identification and the identity code (decrypted by the caller, here only). */
export function toPatient(
  row: { id: string; givenName: string; familyName: string; lang: string | null } & Versioned,
  identityCode: string,
): Patient {
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: metaOf(row),
    identifier: [{ use: 'official', system: FINNISH_PIC_SYSTEM, value: identityCode }],
    name: [{ use: 'official', family: row.familyName, given: row.givenName.split(/\s+/).filter(Boolean) }],
    communication: row.lang ? [{ language: { coding: [{ system: LANGUAGE_SYSTEM, code: bcp47(row.lang) }] } }] : undefined,
  };
}

function answerOf(q: SurveyQuestion, answer: SurveyAnswer, lang: keyof Localized): QuestionnaireResponseItemAnswer[] {
  const coding = (id: string) => ({ valueCoding: { code: id, display: q.options?.find((o) => o.id === id)?.label[lang] ?? id } });
  if (Array.isArray(answer)) return answer.map(coding);
  if (q.type === 'single' && typeof answer === 'string') return [coding(answer)];
  if (typeof answer === 'number')
    return [Number.isInteger(answer) && q.type !== 'number' ? { valueInteger: answer } : { valueDecimal: answer }];
  if (q.type === 'date') return [{ valueDate: answer }];
  return [{ valueString: answer }];
}

export type ResponseRow = {
  id: string;
  patientId: string;
  expertId: string | null;
  templateVersionId: string | null;
  answers: SurveyAnswers | null;
  language: 'fi' | 'se' | 'en' | null;
  respondedAt: Date | null;
  closedAt: Date | null;
  questions: SurveyQuestion[] | null;
} & Versioned;

/**
 * Survey answers: one item per answered question of the version asked (its id as `linkId`, its text in the
 * language the patient answered in), choices as codings with their labels.
 */
export function toQuestionnaireResponse(row: ResponseRow): QuestionnaireResponse {
  const answers = row.answers ?? {};
  const lang = row.language ?? 'fi';
  const item: QuestionnaireResponseItem[] = visibleQuestions(row.questions ?? [], answers)
    .filter((q) => answers[q.id] !== undefined)
    .map((q) => ({ linkId: q.id, text: q.text[lang], answer: answerOf(q, answers[q.id]!, lang) }));
  return {
    resourceType: 'QuestionnaireResponse',
    id: row.id,
    meta: metaOf(row),
    questionnaire: row.templateVersionId ? `urn:uuid:${row.templateVersionId}` : undefined,
    status: row.respondedAt ? 'completed' : row.closedAt ? 'stopped' : 'in-progress',
    subject: { reference: `Patient/${row.patientId}` },
    authored: row.respondedAt?.toISOString(),
    author: row.respondedAt ? { reference: `Patient/${row.patientId}` } : undefined,
    language: row.language ? bcp47(row.language) : undefined,
    item: item.length ? item : undefined,
  };
}
