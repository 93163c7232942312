import { expect, test } from 'vitest';
import type { QuickReply } from '@prsp/contracts';
import { composerReplies } from './composer-replies';

const reply = (id: string, texts: QuickReply['texts']): QuickReply => ({
  id,
  scope: 'organisation',
  shortcut: id,
  title: id,
  texts,
  updatedAt: '2026-11-29T00:00:00.000Z',
});

test("each reply in the chat's language, else the screen's, else any; none without text", () => {
  const replies = [reply('a', { fi: 'Hei', sv: 'Hej' }), reply('b', { en: 'Hello' }), reply('c', {})];
  expect(composerReplies(replies, 'se', 'fi').map((r) => r.text)).toEqual(['Hej', 'Hello']);
  expect(composerReplies(replies, null, 'fi').map((r) => r.text)).toEqual(['Hei', 'Hello']);
  expect(composerReplies(replies, 'en', 'se').map((r) => r.text)).toEqual(['Hej', 'Hello']);
});
