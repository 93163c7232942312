import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import type { ExpertSurveyItem } from '@prsp/contracts';
import { mount } from '@/test/mount';
import './expert-surveys-texts';
import { SurveyTable } from './survey-table';

const item = (responseId: string, over: Partial<ExpertSurveyItem> = {}): ExpertSurveyItem => ({
  responseId,
  surveyName: { fi: 'Oirekysely', se: 'Symtomenkät', en: 'Symptom questionnaire' },
  patientName: 'Aino Virtanen',
  appointment: null,
  sentAt: '2026-11-29T08:00:00.000Z',
  respondedAt: '2026-11-29T09:00:00.000Z',
  state: 'answered',
  closed: false,
  forwardedTo: null,
  forwardedAt: null,
  lastReminderAt: null,
  redFlag: false,
  ...over,
});

it('a response with a red-flag answer says "Hälytysvastaus" in its row; one without does not (issue 29)', async () => {
  const rows = [item('11111111-1111-4111-8111-111111111111', { redFlag: true }), item('22222222-2222-4222-8222-222222222222')];
  const router = createMemoryRouter([{ path: '/', element: <SurveyTable rows={rows} failed={false} empty="–" caption="Kyselyt" /> }]);
  const host = await mount(<RouterProvider router={router} />);
  const [flagged, calm] = [...host.querySelectorAll('tbody tr')];
  expect(flagged!.className).toBe('red-flag-row');
  expect(flagged!.querySelector('.red-flag-mark')?.textContent).toBe('Hälytysvastaus');
  expect(calm!.querySelector('.red-flag-mark')).toBeNull();
});
