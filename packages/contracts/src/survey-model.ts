import { z } from 'zod/mini';
import type { Language } from './languages';
import { zMultilineText, zText } from './text';

/**
 * Our own survey model (issue 12: no commercial survey library). A survey template is versioned: each save makes
 * a new version with its questions, and a response always refers to the version that was asked, so editing a
 * template never changes the meaning of answers already given.
 *
 * Question types: single and multiple choice, a 0–10 scale, faces (1 very unhappy … 5 very happy), free text,
 * number and date. A question may be required, and may be shown only when an earlier question's answer is one of
 * some values (`showIf`). A choice may be marked as a red flag (an alarm answer). Answers are stored by question id.
 */

export const SURVEY_QUESTION_TYPES = ['single', 'multiple', 'scale', 'faces', 'text', 'number', 'date'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];
/** Types whose answers a later question's `showIf` may test. */
export const CONDITION_SOURCE_TYPES: readonly SurveyQuestionType[] = ['single', 'multiple', 'scale', 'faces'];
export const SCALE_MIN = 0;
export const SCALE_MAX = 10;
export const FACES_MIN = 1;
export const FACES_MAX = 5;
export const SURVEY_QUESTIONS_MAX = 100;
export const SURVEY_OPTIONS_MAX = 30;
export const SURVEY_TEXT_ANSWER_MAX = 2000;
export const SURVEY_QUESTION_TEXT_MAX = 1000;

const localizedText = (max: number) => {
  const one = zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));
  return z.object({ fi: one, se: one, en: one });
};
const optionalLocalizedText = (max: number) => {
  const one = zMultilineText().check(z.trim(), z.maxLength(max, 'tooLong'));
  return z.object({ fi: one, se: one, en: one });
};

/** Ids are chosen by the builder (stable across versions so conditions and PDFs read well); short and plain. */
export const ZSurveyItemId = zText().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'invalid'));

/**
 * A choice. `redFlag`: an admin marked it as an alarm answer (issue 29): a patient who picks it is told at once to call
 * 112 or go to the emergency department, and the experts see the answer flagged (`redFlagQuestionIds`).
 */
export const ZSurveyOption = z.object({ id: ZSurveyItemId, label: localizedText(300), redFlag: z.optional(z.boolean()) });
export type SurveyOption = z.infer<typeof ZSurveyOption>;

/** Show the question only when the answer to an earlier question is one of `anyOf` (option ids, or numbers as text). */
export const ZShowIf = z.object({
  questionId: ZSurveyItemId,
  anyOf: z
    .array(zText().check(z.minLength(1, 'required'), z.maxLength(40, 'tooLong')))
    .check(z.minLength(1, 'required'), z.maxLength(30, 'tooLong')),
});
export type ShowIf = z.infer<typeof ZShowIf>;

export const ZSurveyQuestion = z.object({
  id: ZSurveyItemId,
  type: z.enum(SURVEY_QUESTION_TYPES),
  text: localizedText(SURVEY_QUESTION_TEXT_MAX),
  /** Help shown under the question; empty strings when there is none. */
  help: z.optional(optionalLocalizedText(SURVEY_QUESTION_TEXT_MAX)),
  required: z.boolean(),
  /** single and multiple: the choices. */
  options: z.optional(z.array(ZSurveyOption).check(z.maxLength(SURVEY_OPTIONS_MAX, 'tooLong'))),
  /** number: the allowed range, when given. */
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  showIf: z.optional(ZShowIf),
});
export type SurveyQuestion = z.infer<typeof ZSurveyQuestion>;

/** Where a survey definition breaks the model's rules: path (e.g. `questions.2.options`) → field message key. */
export function surveyDefinitionErrors(questions: readonly SurveyQuestion[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, SurveyQuestion>();
  questions.forEach((q, i) => {
    const at = `questions.${i}`;
    if (seen.has(q.id)) errors[`${at}.id`] = 'duplicateId';
    if (q.type === 'single' || q.type === 'multiple') {
      const options = q.options ?? [];
      if (options.length < 2) errors[`${at}.options`] = 'surveyOptions';
      else if (new Set(options.map((o) => o.id)).size !== options.length) errors[`${at}.options`] = 'duplicateId';
    } else if (q.options?.length) errors[`${at}.options`] = 'invalid';
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max) errors[`${at}.max`] = 'invalid';
    if (q.showIf) {
      const source = seen.get(q.showIf.questionId);
      if (!source || !CONDITION_SOURCE_TYPES.includes(source.type)) errors[`${at}.showIf`] = 'surveyCondition';
      else if (!q.showIf.anyOf.every((v) => conditionValues(source).includes(v))) errors[`${at}.showIf`] = 'surveyCondition';
    }
    if (!seen.has(q.id)) seen.set(q.id, q);
  });
  return errors;
}

/** The values a condition on `source` may name: its option ids, or its scale's numbers as text. */
export function conditionValues(source: SurveyQuestion): string[] {
  if (source.type === 'single' || source.type === 'multiple') return (source.options ?? []).map((o) => o.id);
  const [from, to] = source.type === 'scale' ? [SCALE_MIN, SCALE_MAX] : source.type === 'faces' ? [FACES_MIN, FACES_MAX] : [0, -1];
  return Array.from({ length: to - from + 1 }, (_, k) => String(from + k));
}

/** The questions of a survey with at least one question and no broken rule (ids, options, conditions). */
export const ZSurveyQuestions = z.array(ZSurveyQuestion).check(
  z.minLength(1, 'surveyQuestions'),
  z.maxLength(SURVEY_QUESTIONS_MAX, 'tooLong'),
  z.superRefine((questions, ctx) => {
    for (const [path, message] of Object.entries(surveyDefinitionErrors(questions))) {
      ctx.issues.push({
        code: 'custom',
        message,
        input: questions,
        path: path
          .split('.')
          .slice(1)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      });
    }
  }),
);

/** One answer: an option id (single), option ids (multiple), a number (scale, faces, number), text or a date (YYYY-MM-DD). */
export const ZSurveyAnswer = z.union([
  zMultilineText().check(z.maxLength(SURVEY_TEXT_ANSWER_MAX)),
  z.array(zText().check(z.maxLength(40))),
  z.number(),
]);
export type SurveyAnswer = z.infer<typeof ZSurveyAnswer>;
export const ZSurveyAnswers = z.record(ZSurveyItemId, ZSurveyAnswer);
export type SurveyAnswers = z.infer<typeof ZSurveyAnswers>;

function isEmpty(answer: SurveyAnswer | undefined): boolean {
  return answer === undefined || (typeof answer === 'string' && answer.trim() === '') || (Array.isArray(answer) && answer.length === 0);
}

/** Whether `answer` (maybe absent) meets a condition's values. */
function meets(answer: SurveyAnswer | undefined, anyOf: readonly string[]): boolean {
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return answer.some((a) => anyOf.includes(a));
  return anyOf.includes(String(answer));
}

/**
 * The questions shown for these answers, in order: a question with `showIf` is shown when its source question is
 * shown and answered with one of the values. Hidden questions' answers do not count and are not stored.
 */
export function visibleQuestions(questions: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyQuestion[] {
  const shown = new Set<string>();
  const out: SurveyQuestion[] = [];
  for (const q of questions) {
    if (q.showIf && !(shown.has(q.showIf.questionId) && meets(answers[q.showIf.questionId], q.showIf.anyOf))) continue;
    shown.add(q.id);
    out.push(q);
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day: `Date.parse` alone takes 2024-02-30 (it rolls over to March), so the day must read back the same. */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** What is wrong with one answer to one question, or undefined when it is fine (an empty optional answer is). */
export function answerError(q: SurveyQuestion, answer: SurveyAnswer | undefined): string | undefined {
  if (isEmpty(answer)) return q.required ? 'required' : undefined;
  const optionIds = (q.options ?? []).map((o) => o.id);
  switch (q.type) {
    case 'single':
      return typeof answer === 'string' && optionIds.includes(answer) ? undefined : 'invalid';
    case 'multiple':
      return Array.isArray(answer) && new Set(answer).size === answer.length && answer.every((a) => optionIds.includes(a))
        ? undefined
        : 'invalid';
    case 'scale':
    case 'faces': {
      const [min, max] = q.type === 'scale' ? [SCALE_MIN, SCALE_MAX] : [FACES_MIN, FACES_MAX];
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= min && answer <= max ? undefined : 'invalid';
    }
    case 'number':
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return 'invalid';
      if ((q.min !== undefined && answer < q.min) || (q.max !== undefined && answer > q.max)) return 'outOfRange';
      return undefined;
    case 'text':
      return typeof answer === 'string' && answer.length <= SURVEY_TEXT_ANSWER_MAX ? undefined : 'invalid';
    case 'date':
      return typeof answer === 'string' && isCalendarDate(answer) ? undefined : 'invalid';
  }
}

/**
 * Checks a whole submission against the version asked: answers to visible questions only (others are dropped),
 * each valid, required ones present. Returns the answers to store, or the errors by question id.
 */
export function checkAnswers(
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
): { ok: true; answers: SurveyAnswers } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const kept: SurveyAnswers = {};
  for (const q of visibleQuestions(questions, answers)) {
    const answer = answers[q.id];
    const error = answerError(q, answer);
    if (error) errors[q.id] = error;
    else if (!isEmpty(answer)) kept[q.id] = typeof answer === 'string' ? answer.trim() : answer!;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers: kept };
}

/** An answer as words for a reader (the expert's answers view, the PDF): option labels, numbers, dates as given. */
export function answerText(q: SurveyQuestion, answer: SurveyAnswer | undefined, lang: Language): string {
  if (isEmpty(answer)) return '';
  const label = (id: string) => q.options?.find((o) => o.id === id)?.label[lang] ?? id;
  if (Array.isArray(answer)) return answer.map(label).join(', ');
  if (q.type === 'single' && typeof answer === 'string') return label(answer);
  if (q.type === 'scale') return `${String(answer)} / ${SCALE_MAX}`;
  if (q.type === 'faces') return `${String(answer)} / ${FACES_MAX}`;
  return String(answer);
}

/** The option ids of a single or multiple choice answer (none for other types or an empty answer). */
function chosenOptionIds(q: SurveyQuestion, answer: SurveyAnswer | undefined): string[] {
  if (q.type === 'single') return typeof answer === 'string' ? [answer] : [];
  if (q.type === 'multiple') return Array.isArray(answer) ? answer : [];
  return [];
}

/** Whether this answer picks an option the definition marks as a red flag. */
export function isRedFlagAnswer(q: SurveyQuestion, answer: SurveyAnswer | undefined): boolean {
  const chosen = chosenOptionIds(q, answer);
  return (q.options ?? []).some((o) => o.redFlag === true && chosen.includes(o.id));
}

/**
 * The questions whose answers pick a red-flag option, in order: the questions shown for these answers only (an answer
 * left behind a hidden question does not count, as `checkAnswers` drops it). Always read from the version's
 * definition, never from what a client says: the server decides what the patient is told and the experts see.
 */
export function redFlagQuestionIds(questions: readonly SurveyQuestion[], answers: SurveyAnswers | null | undefined): string[] {
  if (!answers) return [];
  return visibleQuestions(questions, answers)
    .filter((q) => isRedFlagAnswer(q, answers[q.id]))
    .map((q) => q.id);
}

/** Whether any answer picks a red-flag option (`redFlagQuestionIds`). */
export function hasRedFlag(questions: readonly SurveyQuestion[], answers: SurveyAnswers | null | undefined): boolean {
  return redFlagQuestionIds(questions, answers).length > 0;
}
