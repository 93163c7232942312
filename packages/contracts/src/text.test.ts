import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { hasControlCharacters, refusesControlCharacters, zMultilineText, zText } from './text';

describe('control characters in text inputs', () => {
  test.each(['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'])(
    'a single-line text refuses U+%s',
    (c) => {
      const res = zText().safeParse(`Aino${c}Virtanen`);
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe('controlCharacters');
    },
  );

  test.each(['\t', '\n', '\r\n'])('a multi-line text keeps %j', (c) => {
    expect(zMultilineText().safeParse(`rivi${c}rivi`).success).toBe(true);
  });

  test.each(['\u0000', '\u000b', '\u000c', '\u001f', '\u007f', '\u0080'])('a multi-line text refuses %j', (c) => {
    expect(zMultilineText().safeParse(`rivi${c}rivi`).success).toBe(false);
  });

  test.each(['\ufeff', '\u200b', '\u00ad', '\u2060', '\u202e', '\u2066', '\u061c'])(
    'a single- or multi-line text refuses the format character %j',
    (c) => {
      expect(zText().safeParse(`Aino${c}Virtanen`).error?.issues[0]?.message).toBe('controlCharacters');
      expect(zMultilineText().safeParse(`rivi${c}rivi`).success).toBe(false);
    },
  );

  test('emoji joined with a zero-width joiner, and a zero-width non-joiner, pass', () => {
    expect(zText().safeParse('Perhe 👨\u200d👩\u200d👧').success).toBe(true);
    expect(zMultilineText().safeParse('می\u200cخواهم').success).toBe(true);
  });

  test('ordinary text, including Finnish, Swedish and emoji, passes', () => {
    expect(zText().safeParse('Åsa Öhman-Väisänen 😀 €').success).toBe(true);
    expect(hasControlCharacters('Åsa')).toBe(false);
  });

  test('the rule stops further checks, so a field gets one message', () => {
    const res = zText().check(z.email('email')).safeParse('a\u0000@b.fi');
    expect(res.error?.issues.map((i) => i.message)).toEqual(['controlCharacters']);
  });

  test('refusesControlCharacters tells schemas with the rule from those without', () => {
    expect(refusesControlCharacters(zText().check(z.maxLength(5)))).toBe(true);
    expect(refusesControlCharacters(zMultilineText())).toBe(true);
    expect(refusesControlCharacters(z.string())).toBe(false);
  });
});
