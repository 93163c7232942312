import { expect, test } from 'vitest';
import { pageTitle } from './use-page-title';

test("a page title is 'page – organisation'", () => {
  expect(pageTitle('Etusivu', 'Espoon kaupunki', 'Etävastaanotto')).toBe('Etusivu – Espoon kaupunki');
});

test('without an organisation the neutral service name stands in', () => {
  expect(pageTitle('Tunnistautuminen', null, 'Etävastaanotto')).toBe('Tunnistautuminen – Etävastaanotto');
  expect(pageTitle('Tunnistautuminen', undefined, 'Etävastaanotto')).toBe('Tunnistautuminen – Etävastaanotto');
  expect(pageTitle('Tunnistautuminen', '  ', 'Etävastaanotto')).toBe('Tunnistautuminen – Etävastaanotto');
});

test('an empty page name leaves no dangling dash', () => {
  expect(pageTitle(' ', 'Espoo', 'Etävastaanotto')).toBe('Espoo');
});

test("something unread comes first, '(2) page – organisation', and nothing when there is none", () => {
  expect(pageTitle('Työpöytä', 'Vantaan etävastaanotto', 'Etävastaanotto', 2)).toBe('(2) Työpöytä – Vantaan etävastaanotto');
  expect(pageTitle('Työpöytä', 'Vantaan etävastaanotto', 'Etävastaanotto', 0)).toBe('Työpöytä – Vantaan etävastaanotto');
});
