import { addDays, isLocalDate, type Language, type Question, type QuestionnaireAnswer } from '@prsp/contracts';

/**
 * The date `days` later (or earlier) than `date`; calendar arithmetic, so daylight saving plays no part; anything
 * else as it is. Booking days are the organisation's calendar days (Europe/Helsinki), as the server counts them:
 * today is the contracts' `localDateAt(now)`.
 */
export function shiftDate(date: string, days: number): string {
  return isLocalDate(date) ? addDays(date, days) : date;
}

/**
 * A moment inside `date` for `GET /api/services/open/{dateMs}` ('any ms of the wanted day'): 12:00 UTC is on
 * the same calendar day in every zone from UTC−11 to UTC+11, Helsinki's +2/+3 included.
 */
export function dayMs(date: string): number {
  return isLocalDate(date) ? Date.parse(`${date}T12:00:00Z`) : Number.NaN;
}

/** Why the confirmation ended without a booking: the hold ran out (after `holdMinutes`), or the booking was refused. */
export type BookingFailure = { reason: 'expired'; holdMinutes: number } | { reason: 'refused' };

export type SearchInput = { date: string; specialization: string };
export type SearchErrors = { date?: 'required' | 'invalid' | 'past'; specialization?: 'required' };

/** Spec §5 'Booking search': date and specialization required; the date not before today. */
export function searchErrors(input: SearchInput, today: string): SearchErrors {
  const errors: SearchErrors = {};
  if (!input.date) errors.date = 'required';
  else if (!isLocalDate(input.date)) errors.date = 'invalid';
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
