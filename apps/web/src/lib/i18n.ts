import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, ERROR_CATALOGUE, FIELD_MESSAGES, LANGUAGES, toLanguage, type Language } from '@prsp/contracts';
import en from '../locales/en/common.json';
import fi from '../locales/fi/common.json';
import sv from '../locales/sv/common.json';
import { readCookie, writeCookie } from './cookies';

export const LANGUAGE_COOKIE = 'language';

/** i18next and HTML use `sv`; the spec, URLs and the server use `se`. */
export function toHtmlLang(lang: Language): string {
  return lang === 'se' ? 'sv' : lang;
}

/** Error and field texts come from the contracts' catalogue, so client and server say the same thing. */
function catalogueTexts(lang: Language) {
  const errors = Object.fromEntries(Object.values(ERROR_CATALOGUE).map((e) => [e.key.replace(/^errors\./, ''), e.messages[lang]]));
  const fields = Object.fromEntries(Object.entries(FIELD_MESSAGES).map(([key, m]) => [key, m[lang]]));
  return { errors, fields };
}

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const own = { fi, se: sv, en }[lang];
    return [toHtmlLang(lang), { translation: { ...own, ...catalogueTexts(lang) } }];
  }),
);

/** The patient app's starting language (spec §1): `lang` query (sv counts as se), else the cookie, else fi. */
export function initialPatientLanguage(search: string, cookie: string | undefined): { lang: Language; fromQuery: boolean } {
  const fromQuery = toLanguage(new URLSearchParams(search).get('lang'));
  if (fromQuery) return { lang: fromQuery, fromQuery: true };
  return { lang: toLanguage(cookie) ?? DEFAULT_LANGUAGE, fromQuery: false };
}

export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language; the patient app also remembers it in the `language` cookie. */
export async function changeLanguage(lang: Language, opts: { remember: boolean }): Promise<void> {
  if (opts.remember) writeCookie(LANGUAGE_COOKIE, lang);
  document.documentElement.lang = toHtmlLang(lang);
  await i18n.changeLanguage(toHtmlLang(lang));
}

export function readLanguageCookie(): string | undefined {
  return readCookie(LANGUAGE_COOKIE);
}

/**
 * Each area brings its own texts when its code loads, so a patient never downloads the admin texts.
 * Keys are merged into the one `translation` namespace; areas use their own top-level keys.
 */
export function addAreaTexts(texts: Record<Language, object>): void {
  for (const lang of LANGUAGES) i18n.addResourceBundle(toHtmlLang(lang), 'translation', texts[lang], true, false);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: toHtmlLang(DEFAULT_LANGUAGE),
  fallbackLng: 'fi',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
