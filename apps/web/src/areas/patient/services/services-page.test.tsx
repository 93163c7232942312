import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { OpenService, ServicesResponse } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ServicesPage } from './services-page';

const service = (uuid: string, queue: string, name: string): OpenService => ({
  uuid,
  serviceName: { fi: name, se: name, en: name },
  serviceDescription: { fi: '', se: '', en: '' },
  serviceImage: 'nurse',
  chatQueueId: queue,
  mandatorySelfAssessment: false,
  optionalSelfAssessment: false,
});
const answer: ServicesResponse = {
  appointments: [],
  openServices: [service('s1', 'q-nurse', 'Hoitajan chat'), service('s2', 'q-empty', 'Lääkärin chat')],
  chatCodeServices: [],
  availability: {
    'q-nurse': { hoursToday: { alwaysOpen: false, ranges: [{ opens: '08:00', closes: '16:00' }] }, staffed: true },
    'q-empty': { hoursToday: { alwaysOpen: true, ranges: [] }, staffed: false },
  },
};
vi.mock('../api/services-api', () => ({ useServices: () => ({ data: answer, error: null, refetch: () => undefined }) }));
vi.mock('../patient-state', () => ({ usePatientContext: () => ({ phase: 'loading' }) }));

it("each service card shows its queue's hours today, and says when no professional is there (issue 29)", async () => {
  const host = await mount(
    <MemoryRouter>
      <ServicesPage />
    </MemoryRouter>,
  );
  const cards = [...host.querySelectorAll('.service-card')];
  expect(cards.map((c) => [...c.querySelectorAll('.service-availability li')].map((li) => li.textContent))).toEqual([
    ['Avoinna tänään klo 08.00–16.00'],
    ['Avoinna ympäri vuorokauden', 'Ei ammattilaisia paikalla juuri nyt'],
  ]);
});

it("a service's 'About the service' opens the appointment modal in open mode, with its start (issue 30)", async () => {
  const host = await mount(
    <MemoryRouter>
      <ServicesPage />
    </MemoryRouter>,
  );
  const dialog = host.querySelector('dialog')!;
  expect(dialog.open).toBe(false);
  const about = host.querySelector('.service-card')!.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
  expect(about.textContent).toBe('Tietoa palvelusta: Hoitajan chat');
  await act(async () => about.click());
  expect(dialog.open).toBe(true);
  expect(dialog.querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('open');
  expect(dialog.querySelector('h2')!.textContent).toBe('Hoitajan chat');
  expect(dialog.querySelector('a.button')!.getAttribute('href')).toBe('/chat/s1');
});
