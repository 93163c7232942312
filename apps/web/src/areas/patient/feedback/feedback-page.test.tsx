import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
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

it('the feedback and the thank-you after it link the chat just ended in the history', async () => {
  const host = await mount(
    <MemoryRouter initialEntries={[{ pathname: '/feedback', state: { channelId: 'c1', expertId: 'e1', serviceName: null } }]}>
      <FeedbackPage />
    </MemoryRouter>,
    { queryClient: true },
  );
  const link = () => [...host.querySelectorAll('a')].find((a) => a.textContent === 'Lue keskustelu asiointihistoriastasi');
  expect(link()?.getAttribute('href')).toBe('/history/c1');
  const skip = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Ohita')!;
  await act(async () => skip.click());
  expect(host.querySelector('h1')!.textContent).toBe('Kiitos!');
  expect(link()?.getAttribute('href')).toBe('/history/c1');
});
