import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { ExpertSurveyItem } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { SurveyAnswersPage } from './survey-answers-page';

const item: ExpertSurveyItem = {
  responseId: '7f1f5d2e-3c4b-4a5d-8e6f-1a2b3c4d5e6f',
  surveyName: { fi: 'Oirekysely', se: 'Symtomenkät', en: 'Symptom survey' },
  patientName: 'Aino Virtanen',
  appointment: null,
  sentAt: '2026-11-30T08:00:00.000Z',
  respondedAt: '2026-11-30T08:30:00.000Z',
  state: 'answered',
  closed: false,
  forwardedTo: null,
  forwardedAt: null,
  lastReminderAt: null,
  redFlag: false,
};

it('the answers page prints under a heading naming the survey and the patient, its buttons kept off the paper (issue 33)', async () => {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/survey-expert/surveys')
        ? Response.json({ status: 'ok', statusCode: 200, data: [item] })
        : Response.json({ status: 'error', statusCode: 404, errorKey: 'errors.notFound', message: '' }, { status: 404 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/expert/surveyAnswers', element: <SurveyAnswersPage /> }], {
    initialEntries: [`/expert/surveyAnswers?responseId=${item.responseId}`],
  });
  const host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.querySelector('.print-button')).not.toBeNull()));
  expect(host.querySelector('h1 .print-only')!.textContent).toBe('Kyselyn vastaukset – Oirekysely, Aino Virtanen');
  // The page's own actions (Back, the PDF, Print, Forward, Remind) are in parts that do not print; the frame's card
  // holds the answers (here its error state, the token being refused).
  const actions = [...host.querySelectorAll('button, a')].filter((el) => !el.closest('.survey-page'));
  expect(actions.map((el) => el.textContent)).toEqual(['Takaisin', 'Lataa PDF', 'Tulosta', 'Välitä']);
  for (const action of actions) expect(action.closest('.no-print'), action.textContent ?? '').not.toBeNull();
  act(() => (host.querySelector('.print-button') as HTMLElement).click());
  expect(print).toHaveBeenCalledOnce();
});
