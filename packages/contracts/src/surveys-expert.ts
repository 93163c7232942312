import { z } from 'zod/mini';
import { ZLocalized } from './organisation-content';
import { zText } from './text';

/**
 * The expert's survey work (spec §2 `/expert/surveys` with `/appointment`, `/answered`, `/open`, `/forwarded`,
 * `/templates`, and `/expert/surveyAnswers`; §3 'Survey answers'; §4 'Surveys: open, answered, forwarded; reminders
 * can be sent'; §7 'Surveys'). An expert sees the responses of their organisation that they sent or read first
 * (`expertId`), that were forwarded to them, or that belong to appointments they are the expert or host of.
 */

/** Spec §9: lists refresh every 5 seconds. */
export const EXPERT_SURVEYS_REFRESH_MS = 5_000;
/** A patient is reminded of one survey at most this often, so a double click or an impatient colleague cannot spam. */
export const SURVEY_REMINDER_INTERVAL_MS = 24 * 60 * 60_000;
/** Appointments one list request may name. */
export const EXPERT_SURVEYS_APPOINTMENTS_MAX = 50;

export const SURVEY_RESPONSE_STATES = ['open', 'answered'] as const;
export type SurveyResponseState = (typeof SURVEY_RESPONSE_STATES)[number];

/** An expert as another expert or an admin sees them: for 'forwarded to' and the forward picker. */
export const ZSurveyExpertRef = z.object({ id: z.uuid(), name: z.string() });
export type SurveyExpertRef = z.infer<typeof ZSurveyExpertRef>;

/** One response in the expert's lists. */
export const ZExpertSurveyItem = z.object({
  responseId: z.uuid(),
  /** The name of the version the patient was asked. */
  surveyName: ZLocalized,
  patientName: z.string(),
  appointment: z.nullable(z.object({ id: z.uuid(), name: z.string(), startTime: z.string() })),
  sentAt: z.string(),
  respondedAt: z.nullable(z.string()),
  /** `answered` once the patient sent the answers; `open` until then. */
  state: z.enum(SURVEY_RESPONSE_STATES),
  /** The patient's page closed the survey without answers: it cannot be answered or reminded of any more. */
  closed: z.boolean(),
  forwardedTo: z.nullable(ZSurveyExpertRef),
  forwardedAt: z.nullable(z.string()),
  lastReminderAt: z.nullable(z.string()),
  /** The answers pick an option marked as a red flag (issue 29): the list shows it first and flagged. */
  redFlag: z.boolean(),
});
export type ExpertSurveyItem = z.infer<typeof ZExpertSurveyItem>;

const zUuidList = z.union([z.uuid('invalid'), z.array(z.uuid('invalid')).check(z.maxLength(EXPERT_SURVEYS_APPOINTMENTS_MAX, 'tooLong'))]);

/**
 * `GET /api/survey-expert/surveys`: every response the expert sees, red-flag answers first, then newest first, or only those of some appointments
 * (`appointmentUuids`, repeated), in one state, forwarded to the caller (`forwarded=true`), or one (`responseId`,
 * for the answers page).
 */
export const ZExpertSurveysQuery = z.object({
  appointmentUuids: z.optional(zUuidList),
  responseId: z.optional(z.uuid('invalid')),
  state: z.optional(z.enum(SURVEY_RESPONSE_STATES)),
  forwarded: z.optional(z.literal('true')),
});
export type ExpertSurveysQuery = z.infer<typeof ZExpertSurveysQuery>;

/** The list query's appointment ids as a list, whether one or several were given. */
export function appointmentIdsOf(q: Pick<ExpertSurveysQuery, 'appointmentUuids'>): string[] | undefined {
  if (q.appointmentUuids === undefined) return undefined;
  return typeof q.appointmentUuids === 'string' ? [q.appointmentUuids] : q.appointmentUuids;
}

/** `POST /api/survey-expert/forward` and `POST /api/survey-admin/forward` (spec §3: forwarding uses expertUuid). */
export const ZSurveyForward = z.object({ responseId: z.uuid('invalid'), expertUuid: z.uuid('invalid') });
export type SurveyForward = z.infer<typeof ZSurveyForward>;

export const ZSurveyForwarded = z.object({ forwardedTo: ZSurveyExpertRef, forwardedAt: z.string() });
export type SurveyForwarded = z.infer<typeof ZSurveyForwarded>;

/** `POST /api/survey-expert/reminder`. */
export const ZSurveyReminder = z.object({ responseId: z.uuid('invalid') });
export type SurveyReminder = z.infer<typeof ZSurveyReminder>;

/**
 * What a reminder did: whether an e-mail and an SMS were queued, and the time of the last reminder sent (unchanged
 * when the patient has no contact details, so nothing went).
 */
export const ZSurveyReminded = z.object({ lastReminderAt: z.nullable(z.string()), email: z.boolean(), sms: z.boolean() });
export type SurveyReminded = z.infer<typeof ZSurveyReminded>;

/**
 * `POST /api/survey-expert/send`: an expert sends a template to a patient by identity code, as a new message is
 * started (spec §5 'Expert new message'): a patient who has never signed in is created with the name given.
 */
export const ZExpertSurveySend = z.object({
  ssn: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(20, 'tooLong')),
  name: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong')),
  templateId: z.uuid('invalid'),
});
export type ExpertSurveySend = z.infer<typeof ZExpertSurveySend>;

export const ZExpertSurveySent = z.object({ responseId: z.uuid() });
export type ExpertSurveySent = z.infer<typeof ZExpertSurveySent>;

/** `GET /api/survey-expert/experts`: the organisation's other experts, to forward to. */
export const ZSurveyExperts = z.array(ZSurveyExpertRef);

/** The answers PDF's address (spec §7: a download link). */
export function answersPdfPath(responseId: string): string {
  return `/api/survey-expert/answers_pdf/${encodeURIComponent(responseId)}`;
}
