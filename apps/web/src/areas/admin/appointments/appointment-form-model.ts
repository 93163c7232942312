import {
  isLocalDate,
  isValidSsn,
  localDateTimeAt,
  normalizeSsn,
  ZAppointmentInput,
  type AppointmentDetail,
  type AppointmentInput,
  type AppointmentKind,
  type Language,
  type Participant,
  type SurveyAttachment,
  type Timeslot,
} from '@prsp/contracts';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';

export type PatientForm = { ssn: string; firstName: string; lastName: string; email: string; language: Language; nationality: string };
export type GuestForm = { name: string; email: string; language: Language };

/** Where the time comes from: one of the open timeslots of the day, or a free time typed in. */
export type TimeSource = 'timeslot' | 'free';

export type AppointmentForm = {
  kind: AppointmentKind;
  source: TimeSource;
  date: string;
  /** Narrows the open timeslots shown to one expert's. */
  slotExpertId: string;
  timeslotId: string;
  expertId: string;
  startTime: string;
  durationMinutes: string;
  serviceId: string;
  name: string;
  patient: PatientForm;
  hostExpertId: string;
  patients: PatientForm[];
  experts: string[];
  guests: GuestForm[];
  sendConfirmation: boolean;
  /** Held by video (stored as `basic` or `group-video`). */
  video: boolean;
  /** Surveys of this appointment itself (its service's come on top). */
  surveys: SurveyAttachment[];
};

export const DEFAULT_NATIONALITY = 'fi';
export const DEFAULT_DURATION = '30';

export function emptyPatient(): PatientForm {
  return { ssn: '', firstName: '', lastName: '', email: '', language: 'fi', nationality: DEFAULT_NATIONALITY };
}

export function emptyGuest(): GuestForm {
  return { name: '', email: '', language: 'fi' };
}

/** A name given in one piece (appointments from before names were kept apart): the last word is the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const at = trimmed.lastIndexOf(' ');
  return at < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, at).trim(), lastName: trimmed.slice(at + 1) };
}

function patientOf(p: Participant): PatientForm {
  return {
    ...(p.firstName !== null && p.lastName !== null ? { firstName: p.firstName, lastName: p.lastName } : splitName(p.name)),
    ssn: p.ssn ?? '',
    email: p.email ?? '',
    language: p.language,
    nationality: p.nationality?.toLowerCase() ?? DEFAULT_NATIONALITY,
  };
}

/** A picked open timeslot fills in the expert and the time the server will take from it. */
/** An open timeslot taken into the form: its expert and time, and its kind (a video open time is booked as video). */
export function timesOfSlot(
  slot: Timeslot,
): Pick<AppointmentForm, 'timeslotId' | 'expertId' | 'date' | 'startTime' | 'durationMinutes' | 'video'> {
  const { date, time } = localDateTimeAt(slot.startTime);
  return {
    timeslotId: slot.id ?? '',
    expertId: slot.expertId,
    date,
    startTime: time,
    durationMinutes: String(Math.round((slot.endTime - slot.startTime) / 60_000)),
    video: slot.video ?? false,
  };
}

/**
 * The form's first state: a new appointment on an open timeslot (the list's 'book'), a new one from scratch (today,
 * from the day's open timeslots), or an existing one to edit (its own time as a free time).
 */
export function initialForm({ detail, slot, today }: { detail?: AppointmentDetail; slot?: Timeslot; today: string }): AppointmentForm {
  const base: AppointmentForm = {
    kind: 'oneOnOne',
    source: 'timeslot',
    date: today,
    slotExpertId: '',
    timeslotId: '',
    expertId: '',
    startTime: '',
    durationMinutes: DEFAULT_DURATION,
    serviceId: '',
    name: '',
    patient: emptyPatient(),
    hostExpertId: '',
    patients: [],
    experts: [],
    guests: [],
    sendConfirmation: true,
    video: false,
    surveys: [],
  };
  if (slot) return { ...base, ...timesOfSlot(slot), slotExpertId: slot.expertId };
  if (!detail) return base;
  const { date, time } = localDateTimeAt(detail.startTime);
  const patients = detail.participants.filter((p) => p.role === 'patient').map(patientOf);
  const others = new Set([detail.expert.id, detail.hostExpertId]);
  return {
    ...base,
    kind: detail.kind,
    source: 'free',
    date,
    expertId: detail.expert.id,
    startTime: time,
    durationMinutes: String(detail.duration),
    serviceId: detail.service?.id ?? '',
    name: detail.kind === 'group' ? detail.name : '',
    patient: detail.kind === 'oneOnOne' ? (patients[0] ?? emptyPatient()) : emptyPatient(),
    hostExpertId: detail.hostExpertId ?? '',
    patients: detail.kind === 'group' ? patients : [],
    experts:
      detail.kind === 'group'
        ? detail.participants.flatMap((p) => (p.role === 'expert' && p.expertId && !others.has(p.expertId) ? [p.expertId] : []))
        : [],
    guests:
      detail.kind === 'group'
        ? detail.participants.filter((p) => p.role === 'guest').map((p) => ({ name: p.name, email: p.email ?? '', language: p.language }))
        : [],
    sendConfirmation: false,
    video: detail.video,
    surveys: detail.attachedSurveys,
  };
}

const cleanPatient = (p: PatientForm) => ({ ...p, ssn: normalizeSsn(p.ssn), nationality: p.nationality });
const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The request body: one-to-one sends its patient, a group its organiser and participant lists. */
export function bodyOf(form: AppointmentForm): AppointmentInput {
  const common = {
    kind: form.kind,
    timeslotId: form.source === 'timeslot' && form.timeslotId ? form.timeslotId : null,
    expertId: form.expertId,
    serviceId: form.serviceId || null,
    date: form.date,
    startTime: form.startTime,
    durationMinutes: toNumber(form.durationMinutes),
    sendConfirmation: form.sendConfirmation,
    video: form.video,
    surveys: form.surveys,
  };
  if (form.kind === 'oneOnOne') return { ...common, patient: cleanPatient(form.patient) };
  return {
    ...common,
    name: form.name.trim(),
    patient: null,
    hostExpertId: form.hostExpertId || null,
    patients: form.patients.map(cleanPatient),
    experts: form.experts,
    guests: form.guests,
  };
}

/**
 * Spec §5 'no duplicate expert, patient or guest': the second and later copies are marked, patients by identity
 * code, experts by id, guests by e-mail (case-insensitive).
 */
export function duplicateErrors(form: Pick<AppointmentForm, 'patients' | 'experts' | 'guests'>): FieldErrors {
  const errors: FieldErrors = {};
  const mark = <T>(items: T[], keyOf: (item: T) => string, path: (i: number) => string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      if (!key) return;
      if (seen.has(key)) errors[path(i)] = 'duplicate';
      seen.add(key);
    });
  };
  mark(
    form.patients,
    (p) => normalizeSsn(p.ssn),
    (i) => `patients.${i}.ssn`,
  );
  mark(
    form.experts,
    (id) => id,
    (i) => `experts.${i}`,
  );
  mark(
    form.guests,
    (g) => g.email.trim().toLowerCase(),
    (i) => `guests.${i}.email`,
  );
  return errors;
}

function patientErrors(p: PatientForm, path: string): FieldErrors {
  if (!p.ssn.trim() || isValidSsn(p.ssn)) return {};
  return { [`${path}.ssn`]: 'ssn' };
}

/**
 * Spec §5 'Appointment (admin)' before sending: the contract's rules, a proper identity code, a date and time not in
 * the past, a timeslot picked (when booking one), a group's organiser, and no duplicate participants.
 * `now` is the local date and time in the service's time zone.
 */
export function appointmentErrors(
  form: AppointmentForm,
  now: { date: string; time: string },
  { editing = false }: { editing?: boolean } = {},
  /** The contract's errors of the body, when the form has checked it already. */
  contractErrors: FieldErrors = schemaErrors(ZAppointmentInput, bodyOf(form)),
): FieldErrors {
  const found: FieldErrors = { ...contractErrors };
  if (form.source === 'timeslot') {
    for (const key of ['expertId', 'startTime', 'durationMinutes']) delete found[key];
    if (!form.timeslotId) found.timeslotId = 'timeslot';
  }
  if (!isLocalDate(form.date)) found.date = 'date';
  else if (!editing && form.date < now.date) found.date = 'pastDate';
  else if (!editing && form.source === 'free' && form.date === now.date && form.startTime && form.startTime <= now.time) {
    found.startTime = 'pastTime';
  }
  if (form.kind === 'oneOnOne') Object.assign(found, patientErrors(form.patient, 'patient'));
  else {
    form.patients.forEach((p, i) => Object.assign(found, patientErrors(p, `patients.${i}`)));
    if (!form.hostExpertId) found.hostExpertId = 'required';
    Object.assign(found, duplicateErrors(form));
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}
