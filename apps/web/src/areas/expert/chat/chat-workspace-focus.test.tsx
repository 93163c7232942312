import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatChannel, ExpertChat } from '@prsp/contracts';
import { createHost } from '@/test/mount';
import '../expert-texts';
import { ChatWorkspace } from './chat-workspace';

// Each chat is live; its socket and thread are not what is tested here, the composer (the real one) is.
vi.mock('@/lib/socket', () => ({ useSocket: () => null, useSocketConnected: () => false }));
vi.mock('@/features/chat/use-chat-channel', () => ({
  useChatChannel: (id: string) => ({
    channel: channelOf(id),
    connected: true,
    messages: [],
    pending: [],
    readUpTo: 0,
    typingNames: [],
    send: () => undefined,
    retry: () => undefined,
    upload: async () => undefined,
    typing: () => undefined,
  }),
}));

function channelOf(id: string): ChatChannel {
  return {
    id,
    kind: 'queue',
    status: 'active',
    queueId: 'q1',
    serviceName: null,
    appointmentId: null,
    position: null,
    estimatedWaitSeconds: null,
    appointmentStartsAt: null,
    createdAt: 0,
    acceptedAt: 0,
    endedAt: null,
    members: [],
    me: { userId: 'e1', role: 'agent' },
    expertId: 'e1',
    lastSeq: 0,
    video: false,
  };
}
const desk = (id: string, patientName: string): ExpertChat => ({
  channel: channelOf(id),
  patientName,
  patientId: null,
  patient: null,
  writesIn: 'fi',
  title: null,
  handover: null,
  preQuestionnaire: null,
  metadata: null,
  urgency: null,
});

afterEach(() => vi.unstubAllGlobals());

/** Types into the textarea as a person would (React sees an input event with the new value). */
function typeInto(box: HTMLTextAreaElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(box, box.value + text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('a patient just taken: the taken chat’s message box gets the focus, not the chat shown before, and keeps what is typed as the desk refetches', async () => {
  let live = [desk('c1', 'Anna Ennen')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return Response.json({ status: 'ok', statusCode: 200, data: path === '/api/expert/chat/channels' ? live : [] });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { root, host } = createHost();
  const render = (selected: string | null, taken: string | null) =>
    act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ChatWorkspace selected={selected} onSelect={() => undefined} focusComposer={taken} />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
  const shownBox = () => host.querySelector<HTMLTextAreaElement>('div:not([hidden]) > .expert-chat textarea')!;

  await render(null, null);
  await vi.waitFor(() => expect(shownBox()).not.toBeNull());
  const before = shownBox();
  // The expert takes Pekka from the queue (the focus on the queue's button, elsewhere); the desk shows his chat.
  live = [desk('c1', 'Anna Ennen'), desk('c2', 'Pekka Otettu')];
  await act(async () => client.invalidateQueries());
  await render('c2', 'c2');
  await vi.waitFor(() => expect(host.querySelectorAll('.expert-chat').length).toBe(2));
  const taken = shownBox();
  expect(taken).not.toBe(before);
  await vi.waitFor(() => expect(document.activeElement).toBe(taken));

  // What the expert types goes into Pekka's chat, and stays there while the desk's list refetches (new objects).
  typeInto(taken, '/tervetuloa');
  await act(async () => client.invalidateQueries());
  await act(async () => client.invalidateQueries());
  expect(shownBox()).toBe(taken);
  expect(taken.value).toBe('/tervetuloa');
  expect(before.value).toBe('');
  expect(document.activeElement).toBe(taken);
});
