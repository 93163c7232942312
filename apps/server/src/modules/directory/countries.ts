import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fi from 'i18n-iso-countries/langs/fi.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };
import type { Country, Localized } from '@prsp/contracts';
import { byFinnishName } from './municipalities';

// Only the product's languages are needed; registering them explicitly keeps this independent of the package's entry point.
for (const locale of [fi, sv, en]) countries.registerLocale(locale);

let cache: Country[] | undefined;

/**
 * Every ISO 3166-1 country: lower-case alpha-2 code and the official short name in fi, se (Swedish) and en,
 * sorted by the Finnish name. Built once; the data changes only with the package.
 */
export function countryList(): Country[] {
  if (!cache) {
    const names = { fi: countries.getNames('fi'), se: countries.getNames('sv'), en: countries.getNames('en') };
    const list = Object.keys(countries.getAlpha2Codes()).map((code) => {
      const name: Localized = { fi: names.fi[code] ?? code, se: names.se[code] ?? code, en: names.en[code] ?? code };
      return { code: code.toLowerCase(), name };
    });
    cache = byFinnishName(list, (c) => c.name.fi);
  }
  return cache;
}

/** True for a lower-case alpha-2 code of an ISO country (contact country and nationality). */
export function isCountryCode(code: string): boolean {
  return /^[a-z]{2}$/.test(code) && countries.isValid(code.toUpperCase());
}
