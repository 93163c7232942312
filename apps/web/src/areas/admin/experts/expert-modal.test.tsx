import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { AdminExpert } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../admin-texts';
import { ExpertModal } from './expert-modal';

const nurse: AdminExpert = {
  id: '3f1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  userId: '7a2b9c41-1e5f-4d3a-8b6c-2d4e6f8a0b12',
  firstName: 'Noora',
  lastName: 'Hoitaja',
  email: 'noora@vantaa.example',
  specializations: ['nurse'],
  communicationLanguage: 'fi',
  chatQueueId: 'vantaa-nurse',
  chatUserId: 'cu-abcdefghjkmnpqrs',
  personalQueueId: null,
  status: 'active',
  locked: false,
  lastLogin: null,
  maxConcurrentChats: null,
  shiftLead: false,
};

/** Opens the form of `expert`; the server answers the lists and records what the form sends. */
async function open(expert: AdminExpert) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/chat-queues'))
        return Response.json({ status: 'ok', statusCode: 200, data: [{ id: 'vantaa-nurse', name: 'Hoitajan chat', expertId: null }] });
      if (url.includes('/specializations'))
        return Response.json({
          status: 'ok',
          statusCode: 200,
          data: [{ id: 'nurse', name: { fi: 'Hoitaja', se: 'Sjukskötare', en: 'Nurse' } }],
        });
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ status: 'ok', statusCode: 200, data: { ...expert, personalQueueId: 'vantaa-k3x9qa' } });
    }),
  );
  // The form's unsaved-changes guard needs a data router.
  const router = createMemoryRouter([{ path: '/', element: <ExpertModal expert={expert} onClose={() => undefined} /> }]);
  await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(document.querySelectorAll('select option')).not.toHaveLength(0)));
  return sent;
}

it('ticking the personal queue keeps the service queue shown, chosen and sent; each says what it does (issue 28)', async () => {
  const sent = await open(nurse);
  const box = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find((c) =>
    c.labels?.[0]?.textContent?.includes('henkilökohtainen jono'),
  )!;
  expect(box).toBeDefined();
  await act(async () => box.click());
  const queue = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent?.includes('Palvelun chat-jono'))!;
  expect(queue.value).toBe('vantaa-nurse');
  expect(document.body.textContent).toContain('Asiantuntija pysyy palvelujonossa');
  expect(document.body.textContent).toContain('Henkilökohtaisen jonon luominen ei muuta tätä');
  await act(async () => document.querySelector<HTMLFormElement>('form')!.requestSubmit());
  await act(() => vi.waitFor(() => expect(sent).toHaveLength(1)));
  expect(sent[0]).toMatchObject({ chatQueueId: 'vantaa-nurse', autoCreateChat: true });
});

it('an expert with a personal queue is shown it, with no box to make another', async () => {
  await open({ ...nurse, personalQueueId: 'vantaa-k3x9qa' });
  expect(document.body.textContent).toContain('Henkilökohtainen jono: vantaa-k3x9qa');
  const labels = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map((c) => c.labels?.[0]?.textContent);
  expect(labels.filter((l) => l?.includes('henkilökohtainen jono'))).toEqual([]);
});
