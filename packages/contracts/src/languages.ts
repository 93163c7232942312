import { z } from 'zod/mini';

/** The product's languages. The spec calls Swedish `se`; `sv` in a URL means the same. */
export const LANGUAGES = ['fi', 'se', 'en'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type Language = z.infer<typeof ZLanguage>;
export const DEFAULT_LANGUAGE: Language = 'fi';

/** Maps any accepted spelling (`sv`, `SE`, ` fi `) to a product language, or undefined. */
export function toLanguage(value: string | null | undefined): Language | undefined {
  const v = value?.trim().toLowerCase();
  if (v === 'sv') return 'se';
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : undefined;
}

/** The language's BCP 47 tag (`sv` for the spec's `se`): what HTML `lang`, OIDC `ui_locales` and partners expect. */
export function languageTag(lang: Language): 'fi' | 'sv' | 'en' {
  return lang === 'se' ? 'sv' : lang;
}

/** Texts given in every language. */
export type Localized = Record<Language, string>;
