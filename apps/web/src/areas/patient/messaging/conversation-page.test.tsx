import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ConversationThread } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { ConversationPage } from './conversation-page';

const ID = '33333333-3333-4333-8333-333333333333';
const thread: ConversationThread = {
  conversation: {
    id: ID,
    kind: 'direct',
    subject: 'Laboratoriotulokset',
    categoryId: null,
    subcategoryId: null,
    categoryName: null,
    subcategoryName: null,
    unreadMessages: 0,
    date: '2026-11-02T10:00:00.000Z',
    status: 'open',
    canReply: true,
  },
  messages: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Hoitaja',
      date: '2026-11-02T10:00:00.000Z',
      isRead: true,
      isOwn: false,
      type: 'text',
      content: 'Tulokset ovat valmiit.',
    },
  ],
};

// The organisation's banner as the patient's config carries it; empty in a language it was not written in.
const config = vi.hoisted(() => ({ banner: { fi: '', se: '', en: '' } }));
vi.mock('../patient-state', () => ({
  usePatientContext: () => ({ phase: 'ready', config: { actOnBehalf: null, asyncMessagingNewMessageBanner: config.banner } }),
}));
vi.mock('@/lib/socket', () => ({ useSocket: () => null }));
afterEach(() => vi.unstubAllGlobals());

async function bannerText(): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', statusCode: 200, data: thread })),
  );
  const host = await mount(
    <MemoryRouter initialEntries={[`/messages/${ID}`]}>
      <Routes>
        <Route path="/messages/:conversationId" element={<ConversationPage />} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
  await act(() => vi.waitFor(() => expect(host.querySelector('.conversation-banner')).not.toBeNull()));
  return host.querySelector('.conversation-banner')!.textContent!;
}

it("shows the organisation's new-message banner under a reply (issue 30)", async () => {
  config.banner = { fi: 'Vastaamme arkisin. Kiireellisissä asioissa soita 116 117.', se: '', en: '' };
  expect(await bannerText()).toBe('Vastaamme arkisin. Kiireellisissä asioissa soita 116 117.');
});

it('shows the built-in text when the organisation has written none', async () => {
  config.banner = { fi: '', se: '', en: '' };
  expect(await bannerText()).toBe('Olet saanut vastauksen. Viestit eivät ole kiireellisiä asioita varten: hätätilanteessa soita 112.');
});
