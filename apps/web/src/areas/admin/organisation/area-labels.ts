import type { City, Language } from '@prsp/contracts';

export type AreaOption = { code: string; label: string };

/**
 * An organisation's service area as choices people can read: municipalities by their name in the admin's
 * language (from the cities list), postal codes as they are. A municipality the list does not know keeps its code.
 */
export function serviceAreaOptions(
  areas: { municipalities: readonly string[]; postalCodes: readonly string[] },
  cities: readonly City[] | undefined,
  lang: Language,
  postalLabel: (code: string) => string,
): AreaOption[] {
  const names = new Map((cities ?? []).map((c) => [c.id, c.cityName[lang] || c.name]));
  return [
    ...areas.municipalities.map((code) => ({ code, label: names.get(code) ?? code })),
    ...areas.postalCodes.map((code) => ({ code, label: postalLabel(code) })),
  ];
}
