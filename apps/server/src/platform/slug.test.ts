import { expect, test } from 'vitest';
import { firstFreeSlug, slugify } from './slug';

test('names become readable ASCII keys', () => {
  expect(slugify('Espoon etävastaanotto', 'x')).toBe('espoon-etavastaanotto');
  expect(slugify('  Åbo – Turku!! ', 'x')).toBe('abo-turku');
  expect(slugify('Ωμέγα', 'organisation')).toBe('organisation');
  expect(slugify('a'.repeat(39) + ' bcd', 'x')).toBe('a'.repeat(39));
});

test('the first free slug', () => {
  expect(firstFreeSlug('nurse', new Set())).toBe('nurse');
  expect(firstFreeSlug('nurse', new Set(['nurse', 'nurse-2']))).toBe('nurse-3');
});
