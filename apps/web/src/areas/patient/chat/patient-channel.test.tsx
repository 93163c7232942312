import { MemoryRouter } from 'react-router';
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
const channel: ChatChannel = {
  id: 'c1',
  kind: 'queue',
  status: 'waiting',
  queueId: 'q2',
  serviceName: null,
  appointmentId: null,
  position: 1,
  estimatedWaitSeconds: null,
  createdAt: 0,
  acceptedAt: null,
  endedAt: null,
  members: [{ userId: 'p1', name: 'Anna Potilas', role: 'patient', readSeq: 0 }],
  me: { userId: 'p1', role: 'patient' },
  expertId: null,
  lastSeq: 2,
  video: false,
};
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
