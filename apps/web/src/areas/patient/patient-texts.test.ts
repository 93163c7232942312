import { describe, expect, it } from 'vitest';
import en from '../../locales/en/patient.json';
import fi from '../../locales/fi/patient.json';
import sv from '../../locales/sv/patient.json';

/** Every key path of a nested text catalogue, with plural suffixes folded into their base key. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('patient texts', () => {
  it('say the same things in Finnish, Swedish and English', () => {
    expect(keys(sv).sort()).toEqual(keys(fi).sort());
    expect(keys(en).sort()).toEqual(keys(fi).sort());
  });

  it('have no empty texts', () => {
    const empty = [fi, sv, en].flatMap((texts) =>
      keys(texts).filter((path) => path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts) === ''),
    );
    expect(empty).toEqual([]);
  });

  it('carry the spec §8 chat code messages in every language', () => {
    expect(en.chatCode.errors).toMatchObject({
      notAuthenticated: 'User not authenticated.',
      notValid: 'Chat code not valid.',
      processing: 'Error processing chat code.',
    });
    for (const texts of [fi, sv, en])
      expect(Object.keys(texts.chatCode.errors).sort()).toEqual([
        'expired',
        'notAuthenticated',
        'notOpenYet',
        'notValid',
        'processing',
        'used',
      ]);
  });
});
