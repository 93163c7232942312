import { SURVEY_REMINDER_INTERVAL_MS, type ExpertSurveyItem } from '@prsp/contracts';

/** The sub-routes of `/expert/surveys` (spec §2), in the order of the tabs. */
export const SURVEY_VIEWS = ['open', 'answered', 'forwarded', 'appointment', 'templates'] as const;
export type SurveyView = (typeof SURVEY_VIEWS)[number];

export function surveyViewOf(path: string | undefined): SurveyView | undefined {
  return SURVEY_VIEWS.find((v) => v === path);
}

/** What one list asks the server for. */
export type SurveysFilter = {
  state?: 'open' | 'answered';
  forwarded?: true;
  appointmentIds?: readonly string[];
  responseId?: string;
};

/** The filter of a list view; the appointment view lists the chosen appointment's surveys, else all (to choose from). */
export function filterOfView(view: Exclude<SurveyView, 'templates'>, appointmentId?: string | null): SurveysFilter {
  if (view === 'open' || view === 'answered') return { state: view };
  if (view === 'forwarded') return { forwarded: true };
  return appointmentId ? { appointmentIds: [appointmentId] } : {};
}

/** The list's query string (`GET survey-expert/surveys`): appointment ids as repeated parameters. */
export function surveysSearch(filter: SurveysFilter): string {
  const q = new URLSearchParams();
  if (filter.state) q.set('state', filter.state);
  if (filter.forwarded) q.set('forwarded', 'true');
  if (filter.responseId) q.set('responseId', filter.responseId);
  for (const id of filter.appointmentIds ?? []) q.append('appointmentUuids', id);
  return q.toString();
}

export type SurveyAppointment = NonNullable<ExpertSurveyItem['appointment']>;

/** The appointments the listed surveys belong to, once each, the latest first: what the appointment view offers. */
export function appointmentsOf(items: readonly ExpertSurveyItem[]): SurveyAppointment[] {
  const byId = new Map<string, SurveyAppointment>();
  for (const item of items) if (item.appointment) byId.set(item.appointment.id, item.appointment);
  return [...byId.values()].sort((a, b) => b.startTime.localeCompare(a.startTime) || a.id.localeCompare(b.id));
}

/** When the patient may next be reminded of this survey: never once answered or closed; now when not reminded lately. */
export function nextReminderAt(item: ExpertSurveyItem): number | null {
  if (item.state !== 'open' || item.closed) return null;
  return item.lastReminderAt ? Date.parse(item.lastReminderAt) + SURVEY_REMINDER_INTERVAL_MS : 0;
}

export function canRemind(item: ExpertSurveyItem, now: number): boolean {
  const next = nextReminderAt(item);
  return next !== null && next <= now;
}

/** The answers page of a response (spec §2 `/expert/surveyAnswers`). */
export function answersHref(responseId: string): string {
  return `/expert/surveyAnswers?${new URLSearchParams({ responseId }).toString()}`;
}
