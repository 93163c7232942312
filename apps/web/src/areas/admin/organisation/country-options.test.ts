import { describe, expect, test } from 'vitest';
import type { Country } from '@prsp/contracts';
import { countryOptions } from './country-options';

// In the server's order: by the Finnish names.
const COUNTRIES: Country[] = [
  { code: 'ax', name: { fi: 'Ahvenanmaa', se: 'Åland', en: 'Åland Islands' } },
  { code: 'se', name: { fi: 'Ruotsi', se: 'Sverige', en: 'Sweden' } },
  { code: 'de', name: { fi: 'Saksa', se: 'Tyskland', en: 'Germany' } },
  { code: 'fi', name: { fi: 'Suomi', se: 'Finland', en: 'Finland' } },
];

describe('the organisation form country list (issue 28)', () => {
  test("is sorted by the shown language's names and collation, not the Finnish names", () => {
    const labels = (lang: 'fi' | 'se' | 'en') => countryOptions(COUNTRIES, lang).map((o) => o.label);
    expect(labels('fi')).toEqual(['Ahvenanmaa', 'Ruotsi', 'Saksa', 'Suomi']);
    // Swedish puts Å after Z; English sorts it with A.
    expect(labels('se')).toEqual(['Finland', 'Sverige', 'Tyskland', 'Åland']);
    expect(labels('en')).toEqual(['Åland Islands', 'Finland', 'Germany', 'Sweden']);
    expect(countryOptions(COUNTRIES, 'en')[0]).toEqual({ value: 'AX', label: 'Åland Islands' });
  });
});
