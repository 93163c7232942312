import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { ExpertConversation, ExpertConversationThread } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../expert-texts';
import { ConversationView } from './conversation-view';

let host: HTMLElement;
const conversation = (kind: ExpertConversation['kind']): ExpertConversation => ({
  id: '3f1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  kind,
  subject: 'Rokotukset',
  name: 'Aino Virtanen',
  unreadMessages: 0,
  expertName: 'Eeva Asiantuntija',
  expertSpecializations: [],
  categoryId: null,
  subcategoryId: null,
  categoryName: null,
  subcategoryName: null,
  lastMessageDate: '2026-11-01T08:00:00.000Z',
  hasAttachments: false,
  status: 'open',
});

async function render(kind: ExpertConversation['kind']) {
  const thread: ExpertConversationThread = { conversation: conversation(kind), messages: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      Response.json({ status: 'ok', statusCode: 200, data: String(input).includes('/conversations/') ? thread : [] }),
    ),
  );
  const router = createMemoryRouter([
    { path: '/', element: <ConversationView thread={{ id: thread.conversation.id }} back={{ to: '/', label: 'Avoimet' }} /> },
  ]);
  host = await mount(<RouterProvider router={router} />, { queryClient: true });
  await act(() => vi.waitFor(() => expect(host.querySelector('h1')!.textContent).toBe('Rokotukset')));
}

it('a conversation that came through a subcategory says the patient cannot reply, and ending it does not claim otherwise', async () => {
  await render('request');
  expect(host.querySelector('.one-way-note')!.textContent).toMatch(/^Potilas ei voi vastata tähän keskusteluun/);
  const end = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Päätä keskustelu')!;
  await act(async () => end.click());
  expect(host.querySelector('dialog[open] .confirm-text')!.textContent).toBe(
    'Keskustelu siirtyy päättyneisiin, eikä siihen voi enää vastata. Voit avata sen myöhemmin uudelleen päättyneistä keskusteluista.',
  );
});

it('a direct conversation, which the patient can answer, has no such note', async () => {
  await render('direct');
  expect(host.querySelector('.one-way-note')).toBeNull();
});
