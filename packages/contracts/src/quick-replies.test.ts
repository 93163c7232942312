import { describe, expect, test } from 'vitest';
import { matchQuickReplies, quickReplyText, ZQuickReplyInput, type QuickReply } from './quick-replies';

const r = (shortcut: string, title: string, scope: QuickReply['scope'] = 'organisation') => ({ shortcut, title, scope });

describe('matchQuickReplies', () => {
  const replies = [
    r('ajanvaraus', 'Ajanvaraus'),
    r('hei', 'Tervehdys'),
    r('kiitos-hei', 'Lopetus'),
    r('hei', 'Oma tervehdys', 'own'),
    r('x', 'Hei hei'),
  ];

  test('shortcuts starting with the query first, then containing it, then titles; own before organisation', () => {
    expect(matchQuickReplies(replies, 'hei').map((x) => `${x.shortcut}:${x.scope}`)).toEqual([
      'hei:own',
      'hei:organisation',
      'kiitos-hei:organisation',
      'x:organisation',
    ]);
  });
  test('an empty query offers everything; no match offers nothing; case does not matter', () => {
    expect(matchQuickReplies(replies, '')).toHaveLength(5);
    expect(matchQuickReplies(replies, 'zzz')).toEqual([]);
    expect(matchQuickReplies(replies, 'AJAN').map((x) => x.shortcut)).toEqual(['ajanvaraus']);
  });
});

describe('quickReplyText', () => {
  const texts = { fi: 'Hei', sv: 'Hej' };
  test("the chat's language when the reply has it", () => expect(quickReplyText(texts, 'se', 'fi')).toBe('Hej'));
  test("else the expert's screen language", () => expect(quickReplyText(texts, 'en', 'fi')).toBe('Hei'));
  test('else any it has, fi first', () => {
    expect(quickReplyText(texts, 'en', 'en')).toBe('Hei');
    expect(quickReplyText({ en: 'Hello' }, null, 'fi')).toBe('Hello');
  });
  test('nothing for a reply without text', () => expect(quickReplyText({}, 'fi', 'fi')).toBeNull());
});

describe('ZQuickReplyInput', () => {
  test('a shortcut of lowercase letters, digits and hyphens up to 30', () => {
    const ok = (shortcut: string) => ZQuickReplyInput.safeParse({ shortcut, title: 'T', texts: { fi: 'x' } }).success;
    expect(ok('aika-1')).toBe(true);
    expect(ok('Aika')).toBe(false);
    expect(ok('ä')).toBe(false);
    expect(ok('a b')).toBe(false);
    expect(ok('a'.repeat(30))).toBe(true);
    expect(ok('a'.repeat(31))).toBe(false);
  });
  test('at least one text, none over the chat limit', () => {
    const parse = (texts: object) => ZQuickReplyInput.safeParse({ shortcut: 'a', title: 'T', texts }).success;
    expect(parse({})).toBe(false);
    expect(parse({ fi: '   ' })).toBe(false);
    expect(parse({ en: 'x'.repeat(2000) })).toBe(true);
    expect(parse({ en: 'x'.repeat(2001) })).toBe(false);
  });
});
