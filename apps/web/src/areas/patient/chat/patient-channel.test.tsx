import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, it, vi } from 'vitest';
import type { ChatChannel, ChatMessage } from '@prsp/contracts';
import { mount } from '@/test/mount';
import '../patient-texts';
import { PatientChannel } from './patient-channel';

const said = (seq: number, more: Partial<ChatMessage>): ChatMessage => ({
  id: `m${seq}`,
  channelId: 'c1',
  seq,
  userId: 'e1',
  userName: 'Eeva Asiantuntija',
  role: 'agent',
  kind: 'text',
  text: '',
  file: null,
  sentAt: Date.UTC(2026, 10, 29, 10, seq),
  ...more,
});
const waiting: ChatChannel = {
  id: 'c1',
  kind: 'queue',
  status: 'waiting',
  queueId: 'q2',
  serviceName: null,
  appointmentId: null,
  position: 1,
  estimatedWaitSeconds: null,
  appointmentStartsAt: null,
  createdAt: 0,
  acceptedAt: null,
  endedAt: null,
  members: [{ userId: 'p1', name: 'Anna Potilas', role: 'patient', readSeq: 0 }],
  me: { userId: 'p1', role: 'patient' },
  expertId: null,
  lastSeq: 2,
  video: false,
};
let channel = waiting;
vi.mock('@/features/chat/use-chat-channel', () => ({
  useChatChannel: () => ({
    channel,
    connected: true,
    messages: [said(1, { text: 'Siirrän sinut fysioterapeutille.' }), said(2, { kind: 'system', text: 'transferred' })],
    pending: [],
    readUpTo: 0,
    typingNames: [],
    failed: false,
    retry: () => undefined,
    send: () => undefined,
    typing: () => undefined,
    upload: () => undefined,
  }),
}));
vi.mock('./waiting-room', () => ({ WaitingRoom: () => <p>Olet jonossa.</p> }));

it('a chat handed over waits in line again with the conversation so far and the notice that it was transferred', async () => {
  const host = await mount(
    <MemoryRouter>
      <PatientChannel channelId="c1" waitingText="" canLogOut />
    </MemoryRouter>,
    { queryClient: true },
  );
  expect(host.textContent).toContain('Olet jonossa.');
  expect(host.querySelector('.chat-system')!.textContent).toBe(
    'Keskustelu siirrettiin toiselle ammattilaiselle. Odota hetki, niin hän jatkaa tästä.',
  );
  expect(host.textContent).toContain('Siirrän sinut fysioterapeutille.');
  // Nothing to write until the next expert takes it.
  expect(host.querySelector('textarea')!.disabled).toBe(true);
});

it('a chat the professional ended says so under the last messages, and the patient goes on to feedback when ready', async () => {
  // Ended by the professional (the 'ended' event refetched it): before this the page left for feedback at once.
  channel = {
    ...waiting,
    status: 'ended',
    endedAt: 1,
    expertId: 'e1',
    members: [...waiting.members, { userId: 'e1', name: 'Eeva Asiantuntija', role: 'agent', readSeq: 2 }],
  };
  const root = await mount(
    <MemoryRouter initialEntries={['/chat/s1?channel=c1']}>
      <Routes>
        <Route path="/chat/:serviceId" element={<PatientChannel channelId="c1" waitingText="" canLogOut />} />
        <Route path="/feedback" element={<FeedbackState />} />
      </Routes>
    </MemoryRouter>,
    { queryClient: true },
  );
  expect(root.querySelector('h2#chat-ended-title')!.textContent).toBe('Keskustelu on päättynyt');
  expect(document.activeElement).toBe(root.querySelector('h2#chat-ended-title'));
  expect(root.textContent).toContain('Siirrän sinut fysioterapeutille.');
  expect(root.textContent).not.toContain('Lopeta chat');
  const next = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Jatka palautteeseen')!;
  await act(async () => next.click());
  expect(root.querySelector('[data-feedback]')!.textContent).toBe('c1 e1');
});

function FeedbackState() {
  const state = useLocation().state as { channelId: string; expertId: string };
  return <p data-feedback>{`${state.channelId} ${state.expertId}`}</p>;
}
