import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from '@prsp/contracts';
import fi from '../locales/fi/common.json';
import { readCookie, writeCookie } from './cookies';

export const LANGUAGE_COOKIE = 'language';

/** i18next and HTML use `sv`; the spec, URLs and the server use `se`. */
export function toHtmlLang(lang: Language): string {
  return lang === 'se' ? 'sv' : lang;
}

// The common texts of Finnish only, the default and the fallback; other languages load when chosen.
const resources = { fi: { translation: fi } };

/** Swedish and English common texts load when first chosen, so the first page carries one language, not three. */
const COMMON_LOADERS: Record<Exclude<Language, 'fi'>, () => Promise<{ default: object }>> = {
  se: () => import('../locales/sv/common.json'),
  en: () => import('../locales/en/common.json'),
};
const commonLoaded = new Map<Language, Promise<void>>([['fi', Promise.resolve()]]);

/** Resolves once `lang`'s common texts are in i18next (a failed load may be tried again). */
function loadCommonTexts(lang: Language): Promise<void> {
  let done = commonLoaded.get(lang);
  if (!done) {
    done = COMMON_LOADERS[lang as Exclude<Language, 'fi'>]()
      .then((m) => void i18n.addResourceBundle(toHtmlLang(lang), 'translation', m.default, true, false))
      .catch((err: unknown) => {
        commonLoaded.delete(lang);
        throw err;
      });
    commonLoaded.set(lang, done);
  }
  return done;
}

/** The patient app's starting language (spec §1): `lang` query (sv counts as se), else the cookie, else fi. */
export function initialPatientLanguage(search: string, cookie: string | undefined): { lang: Language; fromQuery: boolean } {
  const fromQuery = toLanguage(new URLSearchParams(search).get('lang'));
  if (fromQuery) return { lang: fromQuery, fromQuery: true };
  return { lang: toLanguage(cookie) ?? DEFAULT_LANGUAGE, fromQuery: false };
}

export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Loads the language's common texts, then switches the interface to it (a failed load keeps the current language);
 * the patient app also remembers it in the `language` cookie.
 */
export async function changeLanguage(lang: Language, opts: { remember: boolean }): Promise<void> {
  await loadCommonTexts(lang);
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
  // Texts that arrive after the first render (the catalogue below) re-render what shows them.
  react: { bindI18nStore: 'added' },
});

/**
 * The error and field texts of every language (the admin's survey preview reads another language's field texts),
 * loading from the start beside the first page, which needs none of them: they show after an answer fails (the API
 * client waits for them before it reports one) or a form is checked.
 */
const catalogue = import('./catalogue-texts').then(({ catalogueTexts }) => {
  for (const lang of LANGUAGES) i18n.addResourceBundle(toHtmlLang(lang), 'translation', catalogueTexts(lang), true, false);
});

/** Resolves once the catalogue's error and field texts are in i18next. */
export function catalogueTextsReady(): Promise<void> {
  return catalogue;
}

export { i18n };
