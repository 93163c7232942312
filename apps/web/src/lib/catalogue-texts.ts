import { ERROR_CATALOGUE, FIELD_MESSAGES, type Language } from '@prsp/contracts';

/**
 * Error and field texts come from the contracts' catalogue, so client and server say the same thing. The catalogue
 * holds every language in one module; it is only read when an answer fails or a form is checked, so `lib/i18n`
 * loads this module beside the first page rather than before it.
 */
export function catalogueTexts(lang: Language): { errors: Record<string, string>; fields: Record<string, string> } {
  const errors = Object.fromEntries(Object.values(ERROR_CATALOGUE).map((e) => [e.key.replace(/^errors\./, ''), e.messages[lang]]));
  const fields = Object.fromEntries(Object.entries(FIELD_MESSAGES).map(([key, m]) => [key, m[lang]]));
  return { errors, fields };
}
