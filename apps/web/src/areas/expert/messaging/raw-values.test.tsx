import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatMessage, ExpertConversation } from '@prsp/contracts';
import { changeLanguage } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { ChatThread } from '@/features/chat/chat-thread';
import '../expert-texts';
import { ConversationTable } from './conversation-table';

let host: HTMLElement;
// Runs before the setup file's unmount (after-each hooks run last registered first).
afterEach(() => changeLanguage('fi', { remember: false }));

async function render(element: React.ReactElement) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        status: 'ok',
        statusCode: 200,
        data: [{ id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' }, availableAt: [] }],
      }),
    ),
  );
  const router = createMemoryRouter([{ path: '/', element }]);
  host = await mount(<RouterProvider router={router} />, { queryClient: true });
}

const conversation: ExpertConversation = {
  id: '3f1d3a52-6d7e-4c55-9a1e-0c3b5a2f9d10',
  kind: 'direct',
  subject: 'Reseptin uusinta',
  name: 'Aino Virtanen',
  unreadMessages: 0,
  expertName: 'Eeva Asiantuntija',
  expertSpecializations: ['nurse'],
  categoryId: null,
  subcategoryId: null,
  categoryName: null,
  subcategoryName: null,
  lastMessageDate: '2026-11-01T08:00:00.000Z',
  hasAttachments: false,
  status: 'open',
};

it.each([
  ['fi', 'Sairaanhoitaja'],
  ['se', 'Sjukskötare'],
] as const)('the expert conversation list names the specialization in %s, never its id (issue 28)', async (lang, name) => {
  await changeLanguage(lang, { remember: false });
  await render(<ConversationTable rows={[conversation]} failed={false} empty="" caption="" hrefOf={() => '/x'} />);
  await act(() => vi.waitFor(() => expect(host.textContent).toContain(name)));
  expect(host.textContent).not.toMatch(/\bnurse\b/);
});

it('a chat file says once, in single brackets, that it opens in a new tab (issue 28)', async () => {
  const file: ChatMessage = {
    id: 'm1',
    channelId: 'c1',
    seq: 1,
    userId: 'u1',
    userName: 'Aino Virtanen',
    role: 'patient',
    kind: 'file',
    text: '',
    file: { id: 'f1', filename: 'kuva.png', contentType: 'image/png', size: 10 },
    sentAt: Date.UTC(2026, 10, 1, 8),
  };
  await render(
    <ChatThread messages={[file]} pending={[]} me="u2" readUpTo={0} typingNames={[]} onRetry={() => undefined} prefix="expert.chat" />,
  );
  const hidden = [...host.querySelectorAll('.chat-file .visually-hidden')].map((e) => e.textContent?.trim());
  expect(hidden).toEqual(['(avautuu uuteen välilehteen)']);
});
