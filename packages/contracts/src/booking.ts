import { z } from 'zod/mini';
import { zMultilineText, zText } from './text';
import { URGENCY_LEVELS } from './connector';
import { ZLanguage } from './languages';
import { ZLocalized } from './organisation-content';
import { ZMeetingKind, ZOpenTimeKind, ZPatientAppointment, ZQuestionnaireAnswer, ZVisitState } from './services';
import { pageOf } from './staff-users';
import { ZSurveyAttachments } from './surveys-admin';

/** Spec §4 and §9: every booking constant, in one place for the server and the web app. */
export const BOOKING_RULES = {
  /** An unconfirmed slot is held this long after the click that locks it. */
  holdMinutes: 15,
  /** Start (join) opens this long before the start. */
  startOpensMinutesBefore: 5,
  /** Cancel is offered, and accepted, only while the start is at least this far away. */
  cancelUntilMinutesBefore: 1440,
  /** Lists and the start/cancel buttons are rechecked this often. */
  refreshMs: 5_000,
  /** The hold countdown ticks this often. */
  countdownTickMs: 1_000,
  /** The landing shows appointments starting within this many days (if none, only the next one). */
  landingWindowDays: 3,
  /** Reminders: an e-mail this many hours before the start, an SMS this many hours before. */
  reminderEmailHoursBefore: 24,
  reminderSmsHoursBefore: 1,
  /** Generation and listing limits. */
  maxPlanDays: 92,
  maxPlanExperts: 100,
  minSlotMinutes: 5,
  maxSlotMinutes: 480,
} as const;

/** Spec §4 'Booking statuses': selfBooked and booked are both shown as Reserved. */
export const BOOKING_STATUSES = ['open', 'selfBooked', 'booked', 'cancelled'] as const;
export const ZBookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof ZBookingStatus>;

/** Cancelling a reserved appointment: the canceller's reason, if any, goes into the cancellation e-mail and the lists. */
export const ZCancelInput = z.object({
  reason: z.optional(zText().check(z.trim(), z.maxLength(500, 'tooLong'))),
});
export type CancelInput = z.infer<typeof ZCancelInput>;
/** The cancel calls' body: none at all (spec §7 `POST /services/cancel/{uuid}` sends none) cancels without a reason. */
export const ZCancelBody = z.nullish(ZCancelInput);

/** What an admin creates: one-to-one or group (spec §3 'Appointment (admin)'). */
export const APPOINTMENT_KINDS = ['oneOnOne', 'group'] as const;
export const ZAppointmentKind = z.enum(APPOINTMENT_KINDS);
export type AppointmentKind = z.infer<typeof ZAppointmentKind>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A calendar date `YYYY-MM-DD` in the organisation's time zone. */
export const zLocalDate = () => zText().check(z.regex(DATE, 'invalid'));
/** A wall-clock time `HH:MM` in the organisation's time zone. */
export const zLocalTime = () => zText().check(z.regex(TIME, 'invalid'));
const minutes = () =>
  z.int('invalid').check(z.minimum(BOOKING_RULES.minSlotMinutes, 'invalid'), z.maximum(BOOKING_RULES.maxSlotMinutes, 'invalid'));
const requiredText = (max: number) => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));

// ---------------------------------------------------------------------------------------------- patient side

/** `POST /api/services/book/{id}`. */
export const ZBookingPayload = z.object({
  questionnaireAnswers: z.array(ZQuestionnaireAnswer).check(z.maxLength(50, 'tooLong')),
});
export type BookingPayload = z.infer<typeof ZBookingPayload>;

/**
 * `POST /api/services/reschedule/{uuid}` (issue 29, beyond the spec's calls, which say cancel and book again): moves
 * the patient's own appointment `uuid` to the open time `timeslotId` they hold, in one transaction. Without
 * `questionnaireAnswers` the appointment keeps the answers it has.
 */
export const ZReschedulePayload = z.object({
  timeslotId: z.uuid('invalid'),
  questionnaireAnswers: z.optional(z.array(ZQuestionnaireAnswer).check(z.maxLength(50, 'tooLong'))),
});
export type ReschedulePayload = z.infer<typeof ZReschedulePayload>;

/**
 * `GET /api/services/reschedule/{uuid}`: the appointment whose time the patient is changing, and the specialization
 * of its professional that the book page searches by default (null: the professional has none, or is gone).
 */
export const ZRescheduleInfo = z.object({ appointment: ZPatientAppointment, specialization: z.nullable(z.string()) });
export type RescheduleInfo = z.infer<typeof ZRescheduleInfo>;

/** `GET /api/services/open/{dateMs}/{specialization}`: any moment of the wanted day (the organisation's day). */
export const ZOpenSearchParams = z.object({
  dateMs: zText().check(z.regex(/^\d{1,15}$/, 'invalid')),
  specialization: zText().check(z.minLength(1, 'required'), z.maxLength(100, 'tooLong')),
});

/**
 * Spec §3 'Open appointment': a free time; `name` is the expert's. `preQuestionnaire`: whether booking it asks the
 * organisation's pre-questionnaire (the config's `questionnaire`). A flag, not the questions: a day's search can
 * hold over a thousand times, and the questions in three languages on each made nine tenths of the answer.
 */
export const ZOpenAppointment = z.object({
  uuid: z.string(),
  name: z.string(),
  startTime: z.number(),
  duration: z.number(),
  preQuestionnaire: z.boolean(),
  /** Chat or video (the open time's type `oneOnOne` or `basic`): the slot list says which before the patient picks. */
  kind: ZMeetingKind,
});
export type OpenAppointment = z.infer<typeof ZOpenAppointment>;

/**
 * `GET /api/services/open/{dateMs}/{specialization}/next` (beyond the spec's list): when the first free time of the
 * same search after the searched day starts (ms), or null when none is open; the search offers to jump to that day.
 */
export const ZNextFreeTime = z.object({ startTime: z.nullable(z.number()) });
export type NextFreeTime = z.infer<typeof ZNextFreeTime>;

/** Spec §3 'Lock result': how long the slot is held, in minutes. */
export const ZLockResult = z.object({ appointmentLockTime: z.number() });
export type LockResult = z.infer<typeof ZLockResult>;

export const ZAppointmentUuidParams = z.object({ uuid: z.uuid('invalid') });
export const ZAppointmentIdParams = z.object({ id: z.uuid('invalid') });

/** `GET /api/services/booking-info`: the organisation's text above the book page (admin `/admin/appointments/customizable`). */
export const ZBookingInfo = z.object({ infoText: ZLocalized });
export type BookingInfo = z.infer<typeof ZBookingInfo>;

// ------------------------------------------------------------------------------------------------ admin side

/** A patient as the admin enters them (spec §5 'Appointment (admin)'). */
export const ZPatientInput = z.object({
  ssn: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(20, 'tooLong')),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: zText().check(z.trim(), z.email('email'), z.maxLength(254, 'tooLong')),
  language: ZLanguage,
  /** A code of `GET /api/list/nationalities` (ISO 3166 alpha-2, either case; stored lower-case like the contact form's). */
  nationality: zText().check(z.regex(/^[A-Za-z]{2}$/, 'required')),
});
export type PatientInput = z.infer<typeof ZPatientInput>;

export const ZGuestInput = z.object({
  name: requiredText(200),
  email: zText().check(z.trim(), z.email('email'), z.maxLength(254, 'tooLong')),
  language: ZLanguage,
});
export type GuestInput = z.infer<typeof ZGuestInput>;

/**
 * Create or edit an appointment. One-to-one: `patient` is required. Group: `hostExpertId` (the organiser) and any
 * number of `patients`, `experts` and `guests`. `timeslotId`
 * books an open timeslot (its expert and time win over `expertId`, `date`, `startTime`, `durationMinutes`); on an
 * edit the appointment moves into it and its old time opens in its place.
 */
export const ZAppointmentInput = z.object({
  kind: ZAppointmentKind,
  timeslotId: z.optional(z.nullable(z.uuid('invalid'))),
  expertId: z.uuid('required'),
  serviceId: z.optional(z.nullable(z.uuid('invalid'))),
  name: z.optional(zText().check(z.trim(), z.maxLength(200, 'tooLong'))),
  date: zLocalDate(),
  startTime: zLocalTime(),
  durationMinutes: minutes(),
  patient: z.optional(z.nullable(ZPatientInput)),
  hostExpertId: z.optional(z.nullable(z.uuid('invalid'))),
  patients: z.optional(z.array(ZPatientInput).check(z.maxLength(50, 'tooLong'))),
  experts: z.optional(z.array(z.uuid('invalid')).check(z.maxLength(20, 'tooLong'))),
  guests: z.optional(z.array(ZGuestInput).check(z.maxLength(50, 'tooLong'))),
  sendConfirmation: z.boolean(),
  preQuestionnaire: z.optional(z.array(ZQuestionnaireAnswer).check(z.maxLength(50, 'tooLong'))),
  /** Held by video: stored as type `basic` (one-to-one) or `group-video`. Left out on an edit: as it was. */
  video: z.optional(z.boolean()),
  /** Surveys this appointment sends besides its service's (templates in the organisation's list); left out on an edit: as they were. */
  surveys: z.optional(ZSurveyAttachments),
  /** At a free time over open timeslots of the expert: remove them (the admin confirmed); without it 422 names them. */
  replaceOpenTimes: z.optional(z.boolean()),
});
export type AppointmentInput = z.infer<typeof ZAppointmentInput>;

export const PARTICIPANT_ROLES = ['patient', 'expert', 'guest'] as const;
export const ZParticipant = z.object({
  id: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  name: z.string(),
  /** A patient's names apart, as entered or identified; null for guests and experts. */
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  language: ZLanguage,
  /** Patients only; shown to those with the bookings right and to the appointment's experts. */
  ssn: z.nullable(z.string()),
  nationality: z.nullable(z.string()),
  expertId: z.nullable(z.string()),
  /** A patient's own id (their contact history); null for guests and experts. */
  patientId: z.nullable(z.string()),
  /** A guest locked out of sign-in by wrong PINs: until when (the organiser can send a new PIN); null otherwise. */
  pinLockedUntil: z.nullable(z.number()),
});
export type Participant = z.infer<typeof ZParticipant>;

/** One row of the booking lists (admin and expert). */
export const ZAppointmentRow = z.object({
  id: z.string(),
  kind: ZAppointmentKind,
  status: ZBookingStatus,
  name: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  duration: z.number(),
  expert: z.object({ id: z.string(), name: z.string() }),
  service: z.nullable(z.object({ id: z.string(), name: ZLocalized })),
  /** The one-to-one patient's name, or null (open slot, group). */
  patientName: z.nullable(z.string()),
  participantCount: z.number(),
  /** An open slot a patient holds right now: until when. */
  heldUntil: z.nullable(z.number()),
  /** Held by video (type `basic` or `group-video`). */
  video: z.boolean(),
  /** Held or a no-show; null otherwise. */
  visit: z.nullable(ZVisitState),
  /** A cancelled appointment's reason as the canceller typed it. */
  cancelReason: z.nullable(z.string()),
  /**
   * The expert's lists: how urgent the patient's own answers say it is, `emergency` when a survey of the appointment
   * (the symptom questionnaire) picked a red-flag answer (issue 29); null when they say nothing. Absent elsewhere.
   */
  urgency: z.optional(z.nullable(z.enum(URGENCY_LEVELS))),
});
export type AppointmentRow = z.infer<typeof ZAppointmentRow>;

export const ZAppointmentDetail = z.extend(ZAppointmentRow, {
  hostExpertId: z.nullable(z.string()),
  participants: z.array(ZParticipant),
  preQuestionnaire: z.array(ZQuestionnaireAnswer),
  queueId: z.nullable(z.string()),
  cancelledAt: z.nullable(z.number()),
  /** The surveys attached to this appointment itself (its service's come on top). */
  attachedSurveys: ZSurveyAttachments,
});
export type AppointmentDetail = z.infer<typeof ZAppointmentDetail>;

const positiveInt = () => z.coerce.number().check(z.refine(Number.isInteger, 'invalid'), z.minimum(1, 'invalid'));

/**
 * Whether a booking list shows open timeslots besides the appointments (issue 28: the lists drowned in them). Without
 * it, or 'false', only a `status=open` search shows them.
 */
export const ZOpenTimesFlag = z.enum(['true', 'false']);

/** Booking search (admin list and CSV): date range, expert, service, status, patient (name or identity code), open times. */
export const ZBookingListQuery = z.object({
  from: z.optional(zLocalDate()),
  to: z.optional(zLocalDate()),
  expertId: z.optional(z.uuid('invalid')),
  serviceId: z.optional(z.uuid('invalid')),
  status: z.optional(ZBookingStatus),
  patient: z.optional(zText().check(z.trim(), z.maxLength(100, 'tooLong'))),
  openTimes: z.optional(ZOpenTimesFlag),
  page: z._default(positiveInt(), 1),
  pageSize: z._default(positiveInt().check(z.maximum(200, 'invalid')), 50),
});
export type BookingListQuery = z.infer<typeof ZBookingListQuery>;
export const ZAppointmentPage = pageOf(ZAppointmentRow);

/** Open timeslot generation (spec §4: generated slots are a preview that must be confirmed to open). */
export const ZTimeslotPlan = z.object({
  expertIds: z.array(z.uuid('invalid')).check(z.minLength(1, 'required'), z.maxLength(BOOKING_RULES.maxPlanExperts, 'tooLong')),
  from: zLocalDate(),
  to: zLocalDate(),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: z
    .array(z.int('invalid').check(z.minimum(1, 'invalid'), z.maximum(7, 'invalid')))
    .check(z.minLength(1, 'required'), z.maxLength(7, 'tooLong')),
  dayStart: zLocalTime(),
  dayEnd: zLocalTime(),
  slotMinutes: minutes(),
  /** Daily breaks (e.g. lunch) within the day: no slot overlaps them. */
  breaks: z.array(z.object({ start: zLocalTime(), end: zLocalTime() })).check(z.maxLength(10, 'tooLong')),
  /** Open times belong to a service (issue 29: its questionnaire and its name in the e-mails): required. */
  serviceId: z.uuid('required'),
  /** Chat or video; left out, the service's `openTimeKind`. */
  kind: z.optional(ZOpenTimeKind),
});
export type TimeslotPlan = z.infer<typeof ZTimeslotPlan>;

export const ZTimeslot = z.object({
  id: z.nullable(z.string()),
  expertId: z.string(),
  expertName: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** A video open time (type `basic`); absent or false: a chat (issue 29). Booking it keeps its kind. */
  video: z.optional(z.boolean()),
});
export type Timeslot = z.infer<typeof ZTimeslot>;

/** What stands where a planned slot would go: a reserved appointment, an open timeslot or a break of the expert. */
export const TIMESLOT_CONFLICTS = ['reserved', 'open', 'break'] as const;
export const ZTimeslotConflict = z.extend(ZTimeslot, { reason: z.enum(TIMESLOT_CONFLICTS) });
export type TimeslotConflict = z.infer<typeof ZTimeslotConflict>;

/**
 * The preview: the slots that would open, how many of the plan's slots overlap what already exists, and those slots
 * with what stands there (the preview's week grid marks them).
 */
export const ZTimeslotPreview = z.object({
  slots: z.array(ZTimeslot),
  conflicts: z.number(),
  conflictingSlots: z.array(ZTimeslotConflict),
});
export type TimeslotPreview = z.infer<typeof ZTimeslotPreview>;
export const ZTimeslotsOpened = z.object({ created: z.number(), skipped: z.number() });
export type TimeslotsOpened = z.infer<typeof ZTimeslotsOpened>;

/** Edit one open timeslot: expert, day, start and length. */
export const ZTimeslotInput = z.object({
  expertId: z.uuid('required'),
  date: zLocalDate(),
  startTime: zLocalTime(),
  durationMinutes: minutes(),
});
export type TimeslotInput = z.infer<typeof ZTimeslotInput>;

export const ZOpenTimeslotQuery = z.object({ date: zLocalDate(), expertId: z.optional(z.uuid('invalid')) });

/** The experts a booker can book for; every one of them can also organise a group or take part in one. */
export const ZBookableExpert = z.object({
  id: z.string(),
  name: z.string(),
  specializations: z.array(z.string()),
});
export type BookableExpert = z.infer<typeof ZBookableExpert>;

/**
 * `GET /api/admin/bookings/services`: the services a booker generates open times for and files appointments under
 * (the services admin list needs the service settings right, which a booker may not have), with the kind of open
 * times each makes unless the admin picks another.
 */
export const ZBookingService = z.object({ id: z.string(), name: ZLocalized, openTimeKind: ZOpenTimeKind });
export type BookingService = z.infer<typeof ZBookingService>;

/** `/admin/appointments/customizable`: the book page's info text and which reminders go out. */
export const ZBookingSettings = z.object({
  infoText: z.object({
    fi: zMultilineText().check(z.maxLength(2000, 'tooLong')),
    se: zMultilineText().check(z.maxLength(2000, 'tooLong')),
    en: zMultilineText().check(z.maxLength(2000, 'tooLong')),
  }),
  reminderEmail: z.boolean(),
  reminderSms: z.boolean(),
});
export type BookingSettings = z.infer<typeof ZBookingSettings>;

// ----------------------------------------------------------------------------------------------- expert side

/** An expert's break: time no one can book (spec §3 'Timeslot', type break). */
export const ZBreak = z.object({ id: z.string(), startTime: z.number(), endTime: z.number() });
export type Break = z.infer<typeof ZBreak>;
export const ZBreakInput = z.object({ date: zLocalDate(), startTime: zLocalTime(), endTime: zLocalTime() });
export type BreakInput = z.infer<typeof ZBreakInput>;

/** The most days `/expert/schedule` answers at once: a week. */
export const SCHEDULE_MAX_DAYS = 7;
/**
 * `/expert/schedule`: the expert's own appointments, open timeslots and breaks from `date` (today by default) for
 * `days` Helsinki days (1, the day view, by default; 7 for the week view).
 */
export const ZScheduleQuery = z.object({
  date: z.optional(zLocalDate()),
  days: z._default(positiveInt().check(z.maximum(SCHEDULE_MAX_DAYS, 'invalid')), 1),
});
export type ScheduleQuery = z.infer<typeof ZScheduleQuery>;
export const ZExpertSchedule = z.object({
  date: z.string(),
  /** How many days from `date` the answer covers (1 when the query asked for none). */
  days: z.number(),
  appointments: z.array(ZAppointmentRow),
  breaks: z.array(ZBreak),
});
export type ExpertSchedule = z.infer<typeof ZExpertSchedule>;

export const ZExpertBookingQuery = z.object({
  from: z.optional(zLocalDate()),
  to: z.optional(zLocalDate()),
  status: z.optional(ZBookingStatus),
  openTimes: z.optional(ZOpenTimesFlag),
  page: z._default(positiveInt(), 1),
  pageSize: z._default(positiveInt().check(z.maximum(200, 'invalid')), 50),
});
export type ExpertBookingQuery = z.infer<typeof ZExpertBookingQuery>;
export const ZPageQuery = z.object({
  page: z._default(positiveInt(), 1),
  pageSize: z._default(positiveInt().check(z.maximum(200, 'invalid')), 50),
});
