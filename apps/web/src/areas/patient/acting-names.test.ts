import { expect, test } from 'vitest';
import { givenNamesOf, greetingName } from './acting-names';

test('while acting for someone the landing greets them, not the parent', () => {
  expect(greetingName('Aino', { ssn: '010115A123B', name: 'Lilja Virtanen' })).toBe('Lilja');
});

test('acting as oneself greets the signed-in person; no name gives no name', () => {
  expect(greetingName('Aino', null)).toBe('Aino');
  expect(greetingName(undefined, undefined)).toBeUndefined();
  expect(greetingName('Aino', { ssn: 'x', name: ' ' })).toBeUndefined();
});

test('given names are all but the last word', () => {
  expect(givenNamesOf('Lilja Maria Virtanen')).toBe('Lilja Maria');
  expect(givenNamesOf('Elias Virtanen-Korhonen')).toBe('Elias');
  expect(givenNamesOf('Elias')).toBe('Elias');
});
