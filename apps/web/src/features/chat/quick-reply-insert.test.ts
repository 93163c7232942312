import { describe, expect, test } from 'vitest';
import { insertReply, slashQuery } from './quick-reply-insert';

describe('slashQuery', () => {
  test('a slash at the start or after a space, with what is typed after it', () => {
    expect(slashQuery('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQuery('/ter', 4)).toEqual({ start: 0, query: 'ter' });
    expect(slashQuery('Hei /aika-1', 11)).toEqual({ start: 4, query: 'aika-1' });
    expect(slashQuery('Hei\n/x', 6)).toEqual({ start: 4, query: 'x' });
  });
  test('not inside a word, a URL, after a capital or a space, or away from the caret', () => {
    expect(slashQuery('ja/tai', 6)).toBeNull();
    expect(slashQuery('https://x', 9)).toBeNull();
    expect(slashQuery('/Aika', 5)).toBeNull();
    expect(slashQuery('/aika ', 6)).toBeNull();
    expect(slashQuery('/aika muuta', 11)).toBeNull();
    expect(slashQuery('/aika muuta', 5)).toEqual({ start: 0, query: 'aika' });
  });
});

describe('insertReply', () => {
  test('replaces the typed shortcut and puts the caret after the reply', () => {
    expect(insertReply('Hei /ter', 'Tervetuloa!', 4, 8)).toEqual({ text: 'Hei Tervetuloa!', caret: 15 });
  });
  test('at the caret, replacing a selection, keeping what follows', () => {
    expect(insertReply('ab', 'X', 1, 1)).toEqual({ text: 'aXb', caret: 2 });
    expect(insertReply('a--b', 'X', 1, 3)).toEqual({ text: 'aXb', caret: 2 });
  });
});
