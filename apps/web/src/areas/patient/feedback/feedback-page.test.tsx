import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { PatientConfig } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { FeedbackPage } from './feedback-page';

const none = { fi: '', se: '', en: '' };
const config = {
  name: 'Espoo',
  appointmentHistoryEnabled: true,
  thankYouText: none,
  thankYouLinksAddAttention: { fi: [], se: [], en: [] },
  thankYouLinksAddAttentionHeadline: none,
  thankYouLinksResolved: { fi: [], se: [], en: [] },
  thankYouLinksResolvedHeadline: none,
  redirectionButtons: [],
  redirectionSelectedButtons: [],
  redirectionPrimaryButtons: [],
} as unknown as PatientConfig;
vi.mock('../patient-state', () => ({ usePatientContext: () => ({ phase: 'ready', config }) }));
vi.mock('../guest/guest-mode', () => ({ useGuestMode: () => null }));

afterEach(() => vi.unstubAllGlobals());

/** The server's feedback plan for the chat (issue 29). */
function planIs(plan: { askScore: boolean; surveyResponseId: string | null }) {
  const fetch = vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: plan }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const feedbackPage = () =>
  mount(
    <MemoryRouter initialEntries={[{ pathname: '/feedback', state: { channelId: 'c1', expertId: 'e1', serviceName: null } }]}>
      <FeedbackPage />
    </MemoryRouter>,
    { queryClient: true },
  );

it('the feedback and the thank-you after it link the chat just ended in the history', async () => {
  planIs({ askScore: true, surveyResponseId: null });
  const host = await mount(
    <MemoryRouter initialEntries={[{ pathname: '/feedback', state: { channelId: 'c1', expertId: 'e1', serviceName: null } }]}>
      <FeedbackPage />
    </MemoryRouter>,
    { queryClient: true },
  );
  const link = () => [...host.querySelectorAll('a')].find((a) => a.textContent === 'Lue keskustelu asiointihistoriastasi');
  await vi.waitFor(() => expect(link()?.getAttribute('href')).toBe('/history/c1'));
  const skip = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Ohita')!;
  await act(async () => skip.click());
  expect(host.querySelector('h1')!.textContent).toBe('Kiitos!');
  expect(link()?.getAttribute('href')).toBe('/history/c1');
});

it('when a feedback survey follows the chat, no score of its own: the survey, then the thank-you (issue 29)', async () => {
  const fetch = planIs({ askScore: false, surveyResponseId: 'r1' });
  const host = await feedbackPage();
  await vi.waitFor(() => expect(host.querySelector('.feedback-survey')).not.toBeNull());
  expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/chat/channels/c1/feedback-plan'), expect.anything());
  expect(host.querySelector('[role="radiogroup"], input[type="radio"]')).toBeNull();
  expect([...host.querySelectorAll('button')].some((b) => b.textContent === 'Ohita')).toBe(false);
  const survey = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Vastaa palautekyselyyn')!;
  expect(survey.getAttribute('href')).toBe('/survey/r1');
  expect(host.querySelector('h1')!.textContent).toBe('Kiitos!');
});

it('a survey still to come is said to come later', async () => {
  planIs({ askScore: false, surveyResponseId: null });
  const host = await feedbackPage();
  await vi.waitFor(() => expect(host.querySelector('.feedback-survey')).not.toBeNull());
  expect(host.querySelector('.feedback-survey')!.textContent).toBe('Saat palautekyselyn etusivullesi, kun vastaanottoaika on päättynyt.');
});
