import { expect, test } from 'vitest';
import { i18n } from '@/lib/i18n';
import './patient-texts';
import { aboutPatient, landingTexts } from './acting-names';

const shown = (ownFirstName: string | undefined, actingFor: Parameters<typeof landingTexts>[1]) => {
  const texts = landingTexts(ownFirstName, actingFor);
  return { heading: i18n.t()(...texts.heading), noActivity: i18n.t()(...texts.noActivity) };
};

test('while acting for a child the landing speaks to the parent about the child, by the whole uninflected name', () => {
  expect(shown('Aino', { ssn: '010115A123B', name: 'Elias Esimerkki' })).toEqual({
    heading: 'Asioit henkilön Elias Esimerkki puolesta',
    noActivity: 'Henkilöllä Elias Esimerkki ei ole tulevia aikoja eikä vastausta odottavia kyselyitä.',
  });
});

test('acting as oneself greets the signed-in person; no name gives a plain greeting', () => {
  expect(shown('Aino', null)).toEqual({
    heading: 'Hei, Aino!',
    noActivity: 'Sinulla ei ole tulevia aikoja eikä vastaustasi odottavia kyselyitä.',
  });
  expect(shown(undefined, undefined).heading).toBe('Hei!');
  expect(shown('Aino', { ssn: 'x', name: ' ' }).heading).toBe('Hei, Aino!');
});

test('the bookings and history lists say whose list is empty while acting', () => {
  const elias = { ssn: '010115A123B', name: 'Elias Esimerkki' };
  expect(i18n.t()(...aboutPatient('bookings.empty', elias))).toBe('Henkilöllä Elias Esimerkki ei ole varattuja aikoja.');
  expect(i18n.t()(...aboutPatient('history.empty', elias))).toBe('Henkilöllä Elias Esimerkki ei ole aiempia keskusteluja.');
  expect(i18n.t()(...aboutPatient('bookings.empty', null))).toBe('Sinulla ei ole varattuja aikoja.');
});
