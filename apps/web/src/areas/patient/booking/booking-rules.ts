import type { Language, Question, QuestionnaireAnswer } from '@prsp/contracts';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';

/** Booking days are the organisation's calendar days (Europe/Helsinki), as the server counts them. */
export const BOOKING_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The calendar date `YYYY-MM-DD` of a moment in `zone`. */
export function localDateOf(ms: number, zone = BOOKING_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(ms),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? [y, mo, d] : null;
}

export const isValidDate = (date: string) => parts(date) !== null;

/** The date `days` later (or earlier) than `date`; calendar arithmetic, so daylight saving plays no part. */
export function shiftDate(date: string, days: number): string {
  const p = parts(date);
  if (!p) return date;
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + days)).toISOString().slice(0, 10);
}

/**
 * A moment inside `date` for `GET /api/services/open/{dateMs}` ('any ms of the wanted day'): 12:00 UTC is on
 * the same calendar day in every zone from UTC−11 to UTC+11, Helsinki's +2/+3 included.
 */
export function dayMs(date: string): number {
  const p = parts(date);
  return p ? Date.UTC(p[0], p[1] - 1, p[2], 12) : Number.NaN;
}

export type SearchInput = { date: string; specialization: string };
export type SearchErrors = { date?: 'required' | 'invalid' | 'past'; specialization?: 'required' };

/** Spec §5 'Booking search': date and specialization required; the date not before today. */
export function searchErrors(input: SearchInput, today: string): SearchErrors {
  const errors: SearchErrors = {};
  if (!input.date) errors.date = 'required';
  else if (!isValidDate(input.date)) errors.date = 'invalid';
  else if (input.date < today) errors.date = 'past';
  if (!input.specialization) errors.specialization = 'required';
  return errors;
}

/** Spec §5 'Pre-booking questionnaire': the mandatory questions left without an answer. */
export function unansweredMandatory(questions: readonly Question[], answers: Readonly<Record<string, string>>): string[] {
  return questions.filter((q) => q.isMandatory && !(answers[q.id] ?? '').trim()).map((q) => q.id);
}

/** Spec §3 'Booking payload': each question with its text as the patient saw it, so the answers read alone. */
export function questionnaireAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, string>>,
  lang: Language,
): QuestionnaireAnswer[] {
  return questions.map((q) => ({ id: q.id, question: q.content[lang] || q.content.fi, answer: (answers[q.id] ?? '').trim() }));
}

/** The questions a slot asks: the organisation's pre-questionnaire (config) when the slot says it is asked. */
export function questionsFor(asked: boolean, organisationQuestions: readonly Question[]): readonly Question[] {
  return asked ? organisationQuestions : [];
}
