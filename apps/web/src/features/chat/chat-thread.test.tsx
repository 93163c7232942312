import { expect, it } from 'vitest';
import type { ChatMessage } from '@prsp/contracts';
import en from '@/locales/en/patient.json';
import fi from '@/locales/fi/patient.json';
import sv from '@/locales/sv/patient.json';
import { addAreaTexts } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { ChatThread } from './chat-thread';

// The patient's texts (prefix `chat`), as the patient area brings them.
addAreaTexts({ fi, se: sv, en });

const message = (seq: number, more: Partial<ChatMessage>): ChatMessage => ({
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

it('a file is marked with a drawn paperclip, not an emoji a font may lack; a transfer notice is said in the reader’s words', async () => {
  const messages = [
    message(1, { kind: 'file', file: { id: 'f1', filename: 'ohje.pdf', size: 10, contentType: 'application/pdf' } }),
    message(2, { kind: 'system', text: 'transferred' }),
  ];
  const host = await mount(
    <ChatThread messages={messages} pending={[]} me="p1" readUpTo={0} typingNames={[]} onRetry={() => undefined} prefix="chat" />,
  );
  const file = host.querySelector('.chat-file')!;
  expect(file.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  expect(file.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  expect(file.textContent).toContain('ohje.pdf');
  expect(host.querySelector('.chat-system')!.textContent).toBe(
    'Keskustelu siirrettiin toiselle ammattilaiselle. Odota hetki, niin hän jatkaa tästä.',
  );
});
