import { act } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import type { ExpertPresence } from '@prsp/contracts';
import { mount } from '@/test/mount';
import { OWN_PRESENCE_KEY } from './presence-api';
import { PresenceControl } from './presence-control';

const presence: ExpertPresence = {
  expertId: 'e1',
  userId: 'u1',
  name: 'Eeva Asiantuntija',
  state: 'busy',
  status: 'available',
  openChats: 2,
  maxConcurrentChats: 2,
  queueIds: ['q1'],
};

it('a labelled status select, with what the expert is now (busy at the limit) and their open chats of the limit', async () => {
  const client = new QueryClient();
  client.setQueryData(OWN_PRESENCE_KEY, presence);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: presence })),
  );
  const host = await mount(<PresenceControl enabled />, { queryClient: client });
  const select = host.querySelector('select')!;
  expect(host.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Tilani');
  expect(select.value).toBe('available');
  expect([...select.options].map((o) => o.value)).toEqual(['available', 'busy', 'away']);
  const now = host.querySelector(`#${CSS.escape(select.getAttribute('aria-describedby')!)}`)!;
  expect(now.textContent).toContain('Nyt: Varattu');
  expect(now.textContent).toContain('Avoimia keskusteluja: 2 / 2');

  const away = { ...presence, status: 'away' as const, state: 'away' as const };
  const put = vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: away }));
  vi.stubGlobal('fetch', put);
  await act(async () => {
    select.value = 'away';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => expect(host.textContent).toContain('Nyt: Poissa'));
  expect(put).toHaveBeenCalled();
  vi.unstubAllGlobals();
});
