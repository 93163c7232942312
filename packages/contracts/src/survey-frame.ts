import { z } from 'zod/mini';
import { ZLanguage } from './languages';
import { ZLocalized } from './organisation-content';
import { ZSurveyAnswers, ZSurveyQuestion } from './survey-model';

/**
 * The survey frame (spec §2 'Survey page', §3 'Survey token response', §9): the app asks for a short-lived token
 * bound to one response, then shows the survey runner (a page of its own) in a sandboxed iframe without
 * same-origin. The runner calls its API with that token only and talks to the page around it by postMessage.
 */

/** Spec §9: the frame is never lower than this, and goes back to it when the survey closes. */
export const SURVEY_FRAME_MIN_HEIGHT = 500;
/** Spec §9: the frame's height follows its content at most this often. */
export const SURVEY_FRAME_RESIZE_DEBOUNCE_MS = 300;
/** The runner page's path on the service's origin. */
export const SURVEY_RUNNER_PATH = '/survey-runner';

/**
 * The visit a patient's survey is about: the appointment's start (null for a walk-in chat's survey or one an expert
 * sent), when the survey was sent, and the professional whose visit it was or who sent it (null when unknown).
 */
export const ZSurveyAbout = z.object({ appointmentAt: z.nullable(z.number()), sentAt: z.number(), professional: z.nullable(z.string()) });
export type SurveyAbout = z.infer<typeof ZSurveyAbout>;

/** `GET /api/survey/token/{responseId}` and `GET /api/survey-expert/token/{responseId}` (spec §3). */
export const ZSurveyTokenResponse = z.object({
  /** The runner page's absolute address; the token and language go after it in the fragment, never to the server. */
  url: z.string(),
  token: z.string(),
  /** The organisation's colours, for the runner's theme. */
  theme: z.object({ primaryColor: z.string(), backgroundColor: z.string() }),
  /** Beyond the spec's fields, to the patient only: what the survey is about, shown above the frame (issue 29). */
  about: z.optional(ZSurveyAbout),
});
export type SurveyTokenResponse = z.infer<typeof ZSurveyTokenResponse>;

export const ZSurveyResponseParams = z.object({ responseId: z.uuid('invalid') });

/** `GET /api/survey-runner/survey`: what the runner shows for the response its token is bound to. */
export const ZRunnerSurvey = z.object({
  responseId: z.string(),
  name: ZLocalized,
  /** Shown above the questions; empty strings when there is none. */
  intro: ZLocalized,
  /** The questions of the version the patient was asked. */
  questions: z.array(ZSurveyQuestion),
  /** Who the token is for: a patient answers (or reads their answers), an expert only reads. */
  audience: z.enum(['patient', 'expert']),
  /** The token's language: the patient's when they were sent the survey, the expert's when one reads. */
  language: ZLanguage,
  /** Answered, closed, or read by an expert: shown without a way to send. */
  readOnly: z.boolean(),
  /** The patient's page has closed the survey: the runner says it is done at once. */
  closed: z.boolean(),
  /** The stored answers, once given (to the patient who gave them and to experts). */
  answers: z.nullable(ZSurveyAnswers),
  respondedAt: z.nullable(z.string()),
  /** The stored answers pick a red-flag option (the server's reading of the version's definition). */
  redFlag: z.boolean(),
});
export type RunnerSurvey = z.infer<typeof ZRunnerSurvey>;

/** `POST /api/survey-runner/answers`: answers by question id of the version asked (checked with `checkAnswers`). */
export const ZRunnerAnswers = z.object({ answers: ZSurveyAnswers });
export type RunnerAnswers = z.infer<typeof ZRunnerAnswers>;

/**
 * `redFlag`: the answers picked an option the version marks as a red flag, read by the server from the version's
 * definition: the runner shows the emergency instruction (call 112) at once.
 */
export const ZRunnerAnswered = z.object({ respondedAt: z.string(), redFlag: z.boolean() });
export type RunnerAnswered = z.infer<typeof ZRunnerAnswered>;

/**
 * What the runner posts to the page around it: its content's height (`resize`), that it has shown the survey
 * (`ready`), and that it is done (`close`: answers sent, or the patient closed a survey already answered). The page
 * checks the sender window, the origin and this schema before acting on any message.
 */
export const ZSurveyFrameMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resize'), height: z.number().check(z.int(), z.nonnegative(), z.maximum(100_000)) }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('close') }),
]);
export type SurveyFrameMessage = z.infer<typeof ZSurveyFrameMessage>;

/** The height the frame takes for a `resize`: the content's, never below the minimum. */
export function frameHeight(content: number): number {
  return Math.max(SURVEY_FRAME_MIN_HEIGHT, Math.ceil(content));
}
