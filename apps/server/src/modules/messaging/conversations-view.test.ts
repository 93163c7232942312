import { describe, expect, test } from 'vitest';
import { cleanText } from './conversations-send';
import { toMessages } from './conversations-view';
import type { ThreadMessage } from './conversations.repo';
import { messagesLink, MESSAGE_SMS_TEXT } from './message-notifications';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 16, 8, minute));
const row = (over: Partial<ThreadMessage>): ThreadMessage => ({
  id: crypto.randomUUID(),
  authorPatientId: null,
  authorExpertId: null,
  authorName: 'N',
  type: 'text',
  body: 'b',
  filename: null,
  createdAt: at(0),
  ...over,
});

describe('a thread as each side reads it', () => {
  const thread = [
    row({ authorPatientId: 'p', createdAt: at(1), body: 'question' }),
    row({ authorExpertId: 'e1', createdAt: at(2), body: 'answer' }),
    row({ authorExpertId: 'e1', createdAt: at(3), type: 'file', body: null, filename: 'ohje.pdf' }),
  ];

  test('the patient: own rows are read when an expert has read past them; the rest when the patient has', () => {
    const seen = toMessages(thread, { kind: 'patient', patientReadAt: at(2), expertsReadAt: at(1) });
    expect(seen.map((m) => [m.content, m.isOwn, m.isRead])).toEqual([
      ['question', true, true],
      ['answer', false, true],
      ['ohje.pdf', false, false],
    ]);
  });

  test('an expert: only their own rows are own; another expert’s count as others’', () => {
    const mine = toMessages(thread, { kind: 'expert', expertId: 'e1', myReadAt: null, patientReadAt: at(2) });
    expect(mine.map((m) => [m.isOwn, m.isRead])).toEqual([
      [false, false],
      [true, true],
      [true, false],
    ]);
    const colleague = toMessages(thread, { kind: 'expert', expertId: 'e2', myReadAt: at(3), patientReadAt: null });
    expect(colleague.map((m) => [m.isOwn, m.isRead])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
  });
});

describe('text and notices', () => {
  test('HTML tags and surrounding blanks are removed before anything is stored', () => {
    expect(cleanText('  <p>Hei <b>sinä</b></p>\n')).toBe('Hei sinä');
    expect(cleanText('<br/>')).toBe('');
    expect(cleanText(undefined)).toBe('');
    expect(cleanText('2 < 3 > 1')).toBe('2 < 3 > 1');
  });

  test('the notice links to the messages page and carries no message text', () => {
    expect(messagesLink('https://prsp.example/')).toBe('https://prsp.example/messages');
    for (const text of Object.values(MESSAGE_SMS_TEXT)) expect(text({ organisationName: 'Espoo', link: 'L' })).toMatch(/Espoo.*L$/);
  });
});
