import { z } from 'zod/mini';
import { ZLocalized } from './organisation-content';
import { zMultilineText, zText } from './text';

export const SERVICE_ICONS = ['doctor', 'nurse', 'therapist', 'childDoctor', 'physiotherapist'] as const;

/**
 * How a generated open time is held (issue 29): a chat or a video visit. A service names the kind its open times
 * get unless the admin picks another; stored on the appointment as type `oneOnOne` (chat) or `basic` (video).
 */
export const OPEN_TIME_KINDS = ['chat', 'video'] as const;
export const ZOpenTimeKind = z.enum(OPEN_TIME_KINDS);
export type OpenTimeKind = z.infer<typeof ZOpenTimeKind>;

/** Spec §3 'Booking payload' item: the question is sent as the patient saw it, so answers read alone. */
export const ZQuestionnaireAnswer = z.object({
  id: zText().check(z.minLength(1, 'required'), z.maxLength(100, 'tooLong')),
  question: zText().check(z.maxLength(2000, 'tooLong')),
  answer: zMultilineText().check(z.trim(), z.maxLength(2000, 'tooLong')),
});
export type QuestionnaireAnswer = z.infer<typeof ZQuestionnaireAnswer>;

/**
 * The visit's state beside the booking's, once its time has come: held (its chat or video was started and ended)
 * or a no-show (marked by its expert or an admin). Null while neither: upcoming, or not yet marked.
 */
export const VISIT_STATES = ['held', 'noShow'] as const;
export const ZVisitState = z.enum(VISIT_STATES);
export type VisitState = z.infer<typeof ZVisitState>;

/** Spec §3 appointment types as stored: `oneOnOne` chat, `basic` one-to-one video, `group` chat, `group-video`. */
export const APPOINTMENT_TYPES = ['group', 'oneOnOne', 'basic', 'group-video'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/**
 * How an appointment is held, as the patient's pages name it (issue 29: the slot list, the confirmation, the success
 * page, the lists and the modal all say chat, video or group): the stored type in plain words.
 */
export const MEETING_KINDS = ['chat', 'video', 'group', 'groupVideo'] as const;
export const ZMeetingKind = z.enum(MEETING_KINDS);
export type MeetingKind = z.infer<typeof ZMeetingKind>;

const KIND_OF_TYPE: Record<AppointmentType, MeetingKind> = {
  oneOnOne: 'chat',
  basic: 'video',
  group: 'group',
  'group-video': 'groupVideo',
};
/** The kind of a stored appointment type. */
export const meetingKindOf = (type: AppointmentType): MeetingKind => KIND_OF_TYPE[type];
/** Whether the kind is held by video (one-to-one or group): the device check is worth doing ahead of time. */
export const isVideoKind = (kind: MeetingKind): boolean => kind === 'video' || kind === 'groupVideo';

/** Who or what sent a patient's survey: the appointment's booking (`before`), its end (`after`) or an expert. */
export const SURVEY_TRIGGERS = ['before', 'after', 'expert'] as const;

/** An appointment as the patient sees it (spec §3 'Appointment (patient side)'). */
export const ZPatientAppointment = z.object({
  uuid: z.string(),
  name: z.string(),
  startTime: z.number(),
  duration: z.number(),
  type: z.enum(APPOINTMENT_TYPES),
  /** The type in plain words (beyond the spec's fields). */
  kind: ZMeetingKind,
  queueId: z.nullable(z.string()),
  audienceId: z.nullable(z.string()),
  surveys: z.array(
    z.object({
      response_id: z.string(),
      responded_at: z.nullable(z.string()),
      name: ZLocalized,
      /**
       * Beyond the spec's fields: `before` is the symptom questionnaire sent at booking, which the success page asks
       * the patient to answer before the visit (issue 29); null for surveys from before triggers were recorded.
       */
      trigger: z.nullable(z.enum(SURVEY_TRIGGERS)),
    }),
  ),
  /** The pre-questionnaire answers given at booking. */
  preQuestionnaire: z.nullable(z.array(ZQuestionnaireAnswer)),
  /** Held or a no-show (beyond the spec's fields; absent from an answer cached before it existed). */
  visit: z.optional(z.nullable(ZVisitState)),
  /** Booked by the patient themself (beyond the spec's fields): only such a time can the patient change (issue 29). */
  selfBooked: z.optional(z.boolean()),
});
export type PatientAppointment = z.infer<typeof ZPatientAppointment>;

export const ZOpenService = z.object({
  uuid: z.string(),
  serviceName: ZLocalized,
  serviceDescription: ZLocalized,
  serviceImage: z.enum(SERVICE_ICONS),
  chatQueueId: z.string(),
  mandatorySelfAssessment: z.boolean(),
  optionalSelfAssessment: z.boolean(),
});
export type OpenService = z.infer<typeof ZOpenService>;

/** A chat queue's hours on the patient's day (issue 29): always open, or the day's ranges in order (none: closed today). */
export const ZHoursToday = z.object({ alwaysOpen: z.boolean(), ranges: z.array(z.object({ opens: z.string(), closes: z.string() })) });
export type HoursToday = z.infer<typeof ZHoursToday>;
/** What a queue does when none of its professionals is on duty (issue 32): admit and say so, or answer as a closed queue. */
export const WHEN_NOBODY_ON_DUTY = ['wait', 'close'] as const;
export const ZWhenNobodyOnDuty = z.enum(WHEN_NOBODY_ON_DUTY);
export type WhenNobodyOnDuty = z.infer<typeof ZWhenNobodyOnDuty>;

/**
 * Whether a patient can chat in a queue today: its hours, whether any professional serves it (without one it takes
 * nobody in) and, since issue 32, how many of them are on duty now (online and not away), what the queue does when
 * nobody is, whether its hours are open now and when it next opens. The on-duty part may be up to
 * QUEUE_ON_DUTY_STALE_SECONDS old (the service cards' answer is cached); the admission itself reads it afresh.
 */
export const ZQueueAvailability = z.object({
  hoursToday: ZHoursToday,
  staffed: z.boolean(),
  onDuty: z.optional(z.number()),
  whenNobodyOnDuty: z.optional(ZWhenNobodyOnDuty),
  /** Within its opening hours now (and not closed by the admin's switch). */
  openNow: z.optional(z.boolean()),
  /** The next start of an opening range after now (ISO instant); null when always open, closed by the switch or no hours in the next two weeks. */
  nextOpening: z.optional(z.nullable(z.string())),
});
/** How old the on-duty count of the service cards may be (the cache keys it by this many seconds). */
export const QUEUE_ON_DUTY_STALE_SECONDS = 15;
export type QueueAvailability = z.infer<typeof ZQueueAvailability>;

/** `GET /api/services`. */
export const ZServicesResponse = z.object({
  appointments: z.array(ZPatientAppointment),
  openServices: z.array(ZOpenService),
  chatCodeServices: z.array(ZOpenService),
  /** Beyond the spec's fields: each service queue's availability today, by chat queue id (the service cards show it). */
  availability: z.optional(z.record(z.string(), ZQueueAvailability)),
});
export type ServicesResponse = z.infer<typeof ZServicesResponse>;

/** `POST /api/services/chatCode/{code}`: spec §3 'Chat code response'. */
export const ZChatCodeResponse = z.object({
  chatQueueId: z.string(),
  serviceName: ZLocalized,
  uuid: z.string(),
  mandatorySelfAssessment: z.boolean(),
  optionalSelfAssessment: z.boolean(),
});
export type ChatCodeResponse = z.infer<typeof ZChatCodeResponse>;

/** Spec §3 'Pending survey'. */
export const ZPendingSurvey = z.object({ response_id: z.string(), survey_name: ZLocalized });
export type PendingSurvey = z.infer<typeof ZPendingSurvey>;
