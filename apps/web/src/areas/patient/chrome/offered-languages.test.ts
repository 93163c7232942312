import { describe, expect, it } from 'vitest';
import type { PatientConfig } from '@prsp/contracts';
import { offeredLanguages } from './use-patient-language';

const config = (fi: boolean, se: boolean, en: boolean) =>
  ({ finnishEnabled: fi, swedishEnabled: se, englishEnabled: en }) as unknown as PatientConfig;

describe('languages an organisation offers (spec §3 language flags)', () => {
  it('offers all three before an organisation is known', () => {
    expect(offeredLanguages(undefined)).toEqual(['fi', 'se', 'en']);
  });

  it('offers only the switched-on languages, in the product order', () => {
    expect(offeredLanguages(config(true, true, false))).toEqual(['fi', 'se']);
    expect(offeredLanguages(config(false, false, true))).toEqual(['en']);
  });

  it('falls back to all three when an organisation switched every language off', () => {
    expect(offeredLanguages(config(false, false, false))).toEqual(['fi', 'se', 'en']);
  });
});
