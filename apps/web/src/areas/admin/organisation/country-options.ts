import { languageTag, type Country, type Language } from '@prsp/contracts';

/**
 * The country choices in the shown language, sorted by that language's collation: the server lists countries by their
 * Finnish names, which in Swedish or English is no order at all (Tyskland or Germany among the S's for Saksa).
 */
export function countryOptions(countries: readonly Country[], lang: Language): { value: string; label: string }[] {
  const collator = new Intl.Collator(languageTag(lang));
  return countries.map((c) => ({ value: c.code.toUpperCase(), label: c.name[lang] })).sort((a, b) => collator.compare(a.label, b.label));
}
