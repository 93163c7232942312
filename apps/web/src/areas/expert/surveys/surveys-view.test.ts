import { describe, expect, test } from 'vitest';
import { SURVEY_REMINDER_INTERVAL_MS, type ExpertSurveyItem } from '@prsp/contracts';
import { answersHref, appointmentsOf, canRemind, filterOfView, nextReminderAt, surveysSearch, surveyViewOf } from './surveys-view';

const item = (over: Partial<ExpertSurveyItem> = {}): ExpertSurveyItem => ({
  responseId: '11111111-1111-4111-8111-111111111111',
  surveyName: { fi: 'Kysely', se: 'Enkät', en: 'Survey' },
  patientName: 'Aino Virtanen',
  appointment: null,
  sentAt: '2026-03-01T10:00:00.000Z',
  respondedAt: null,
  state: 'open',
  closed: false,
  forwardedTo: null,
  forwardedAt: null,
  lastReminderAt: null,
  redFlag: false,
  ...over,
});

describe('views and their queries', () => {
  test('only the spec’s sub-routes are views', () => {
    expect(surveyViewOf('answered')).toBe('answered');
    expect(surveyViewOf('closed')).toBeUndefined();
    expect(surveyViewOf(undefined)).toBeUndefined();
  });

  test('each view asks for its own list', () => {
    expect(surveysSearch(filterOfView('open'))).toBe('state=open');
    expect(surveysSearch(filterOfView('answered'))).toBe('state=answered');
    expect(surveysSearch(filterOfView('forwarded'))).toBe('forwarded=true');
    expect(surveysSearch(filterOfView('appointment'))).toBe('');
    expect(surveysSearch(filterOfView('appointment', 'a1'))).toBe('appointmentUuids=a1');
    expect(surveysSearch({ appointmentIds: ['a1', 'a2'], responseId: 'r' })).toBe('responseId=r&appointmentUuids=a1&appointmentUuids=a2');
  });

  test('the answers page address', () => {
    expect(answersHref('r 1')).toBe('/expert/surveyAnswers?responseId=r+1');
  });
});

test('the appointments of the listed surveys, once each, the latest first', () => {
  const early = { id: 'a', name: 'Aamu', startTime: '2026-03-01T08:00:00.000Z' };
  const late = { id: 'b', name: 'Ilta', startTime: '2026-03-02T16:00:00.000Z' };
  expect(appointmentsOf([item({ appointment: early }), item(), item({ appointment: late }), item({ appointment: early })])).toEqual([
    late,
    early,
  ]);
});

describe('reminders', () => {
  const now = Date.parse('2026-03-05T12:00:00.000Z');
  test('an open survey never reminded of can be reminded now', () => {
    expect(canRemind(item(), now)).toBe(true);
  });
  test('not again within the interval', () => {
    const last = new Date(now - SURVEY_REMINDER_INTERVAL_MS + 60_000).toISOString();
    expect(canRemind(item({ lastReminderAt: last }), now)).toBe(false);
    expect(nextReminderAt(item({ lastReminderAt: last }))).toBe(now + 60_000);
    expect(canRemind(item({ lastReminderAt: last }), now + 60_000)).toBe(true);
  });
  test('never once answered or closed', () => {
    expect(nextReminderAt(item({ state: 'answered', respondedAt: '2026-03-02T10:00:00.000Z' }))).toBeNull();
    expect(canRemind(item({ closed: true }), now)).toBe(false);
  });
});
