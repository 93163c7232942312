import { expect, test } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, languageTag, toLanguage } from './languages';

test.each([
  ['fi', 'fi'],
  ['se', 'se'],
  ['en', 'en'],
  ['sv', 'se'],
  ['SV', 'se'],
  ['SE', 'se'],
  ['Fi', 'fi'],
  ['EN', 'en'],
  [' fi ', 'fi'],
  ['\tsv\n', 'se'],
])('toLanguage(%j) is %s', (input, language) => {
  expect(toLanguage(input)).toBe(language);
});

test.each([['de'], ['fr'], ['fin'], ['sv-FI'], ['en-GB'], [''], ['  '], ['f i']])('toLanguage(%j) is undefined', (input) => {
  expect(toLanguage(input)).toBeUndefined();
});

test.each([[null], [undefined]])('toLanguage(%s) is undefined', (input) => {
  expect(toLanguage(input)).toBeUndefined();
});

test('Finnish is the default, and the product languages are fi, se, en', () => {
  expect(DEFAULT_LANGUAGE).toBe('fi');
  expect([...LANGUAGES]).toEqual(['fi', 'se', 'en']);
});

test.each([
  ['fi', 'fi'],
  ['se', 'sv'],
  ['en', 'en'],
] as const)('languageTag(%s) is %s', (lang, tag) => {
  expect(languageTag(lang)).toBe(tag);
});
