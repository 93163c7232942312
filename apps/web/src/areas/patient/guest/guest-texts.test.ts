import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/guest.json';
import fi from '../../../locales/fi/guest.json';
import sv from '../../../locales/sv/guest.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('guest texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expect(keys(sv).sort()).toEqual(keys(fi).sort());
    expect(keys(en).sort()).toEqual(keys(fi).sort());
    for (const texts of [fi, sv, en])
      for (const path of keys(texts))
        expect(path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts)).not.toBe('');
  });

  it("carry spec §8's guest texts in English", () => {
    expect(en.guest.login).toMatchObject({
      wrongPin: 'Wrong email or PIN-code',
      emailMalformed: 'Malformatted email address',
      unknownError: 'Unable to login!',
      checkFields: 'Please check fields',
    });
    expect(en.guest.notFound.title).toBe('Appointment not found');
  });
});
