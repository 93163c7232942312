import { describe, expect, test } from 'vitest';
import en from '@/locales/en/admin.json';
import fi from '@/locales/fi/admin.json';
import sv from '@/locales/sv/admin.json';
import { expectMatchingCatalogues, keysNamedIn, missingTexts, sourcesIn } from '@/lib/text-catalogue-checks';

/** Every key the messaging admin screens name, of their own parts of the admin catalogue. */
const literal = new Set(keysNamedIn(sourcesIn(import.meta.dirname), 'admin').filter((key) => /^admin\.(messages|menu)\./.test(key)));

describe('messaging admin texts', () => {
  // Keys built at run time: the disable toggle's per kind. (Message codes: chat-codes/code-groups-texts.test.ts.)
  const built = [
    ...['category', 'subcategory'].flatMap((kind) =>
      ['enable', 'disable', 'enableTitle', 'disableTitle', 'enableText', 'disableText', 'enabledDone', 'disabledDone'].map(
        (k) => `admin.messages.${kind}.${k}`,
      ),
    ),
  ];

  test('every key the screens ask for exists in Finnish, Swedish and English', () => {
    expect(literal.size).toBeGreaterThan(40);
    expect(missingTexts([...literal, ...built], { fi, sv, en })).toEqual([]);
  });

  test('the three languages have the same messaging texts, none empty', () => {
    expectMatchingCatalogues(fi.admin.messages, sv.admin.messages, en.admin.messages);
    expectMatchingCatalogues(fi.admin.messageCodes, sv.admin.messageCodes, en.admin.messageCodes);
  });
});
