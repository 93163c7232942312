import { startTransition, useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, languageTag, toLanguage, type Language } from '@prsp/contracts';
import fi from '../locales/fi/common.json';
import { readCookie, writeCookie } from './cookies';

export const LANGUAGE_COOKIE = 'language';

/** Swedish and English common texts load when first chosen, so the first page carries one language, not three. */
const COMMON_LOADERS: Record<Exclude<Language, 'fi'>, () => Promise<{ default: object }>> = {
  se: () => import('../locales/sv/common.json'),
  en: () => import('../locales/en/common.json'),
};
const commonLoaded = new Map<Language, Promise<void>>([['fi', Promise.resolve()]]);

/** Resolves once `lang`'s common texts are in (a failed load may be tried again). */
function loadCommonTexts(lang: Language): Promise<void> {
  let done = commonLoaded.get(lang);
  if (!done) {
    done = COMMON_LOADERS[lang as Exclude<Language, 'fi'>]()
      .then((m) => i18n.add(languageTag(lang), m.default))
      .catch((err: unknown) => {
        commonLoaded.delete(lang);
        throw err;
      });
    commonLoaded.set(lang, done);
  }
  return done;
}

/** Texts of one language: nested objects whose leaves are texts; a key is the dotted path to a leaf. */
type Texts = { [name: string]: string | Texts };
/** `count` picks the plural form (`key_one`, `key_other`…); the other values fill `{{name}}` placeholders. */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * The interface's texts, in a small translator of our own: lookups by dotted key with Finnish as the fallback,
 * `{{name}}` placeholders and plural forms by the language's plural rules. It does what i18next did for us in about a
 * tenth of the code, which keeps the first page within its budget (bench/README.md, Lighthouse).
 */
export class Translator {
  private readonly texts = new Map<string, Texts>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private readonly listeners = new Set<(urgent: boolean) => void>();
  private boundT: { version: number; t: TFunction } | undefined;
  /** The HTML language code of the interface (`sv` for Swedish). */
  language: string = languageTag(DEFAULT_LANGUAGE);
  /** Counts every change of language or texts, so a component can tell whether it has shown the latest. */
  version = 0;

  /** Merges `texts` into `lang`'s; a key already there keeps its text. */
  add(lang: string, texts: object): void {
    this.texts.set(lang, mergeMissing(this.texts.get(lang) ?? {}, texts as Texts));
    this.changed(false);
  }

  changeLanguage(lang: string): void {
    this.language = lang;
    this.changed(true);
  }

  exists(key: string): boolean {
    return this.resolve(this.language, key, undefined) !== undefined;
  }

  /** `key`'s text in `lang` (Finnish when `lang` lacks it), or the key itself when no language has it. */
  translate(lang: string, key: string, options?: TOptions): string {
    const text = this.resolve(lang, key, options?.count) ?? options?.defaultValue ?? key;
    return options ? interpolate(text, options) : text;
  }

  getFixedT(lang: string): TFunction {
    return (key, options) => this.translate(lang, key, options);
  }

  /** The current language's `t`, a new function after every change so memoised values that use it recompute. */
  t(): TFunction {
    if (this.boundT?.version !== this.version) this.boundT = { version: this.version, t: this.getFixedT(this.language) };
    return this.boundT.t;
  }

  /** `listener(urgent)`: urgent for a change of language, not for texts that arrived in the background. */
  subscribe(listener: (urgent: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(urgent: boolean): void {
    this.version++;
    for (const listener of this.listeners) listener(urgent);
  }

  private resolve(lang: string, key: string, count: number | undefined): string | undefined {
    for (const code of lang === FALLBACK_LANGUAGE ? [lang] : [lang, FALLBACK_LANGUAGE]) {
      if (count !== undefined) {
        const plural = this.lookup(code, `${key}_${this.plural(code).select(count)}`);
        if (plural !== undefined) return plural;
      }
      const text = this.lookup(code, key);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private lookup(lang: string, key: string): string | undefined {
    let node: string | Texts | undefined = this.texts.get(lang);
    for (const name of key.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[name];
    }
    return typeof node === 'string' ? node : undefined;
  }

  private plural(lang: string): Intl.PluralRules {
    let rules = this.pluralRules.get(lang);
    if (!rules) this.pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
    return rules;
  }
}

const FALLBACK_LANGUAGE = 'fi';

function mergeMissing(into: Texts, from: Texts): Texts {
  const merged: Texts = { ...into };
  for (const [name, value] of Object.entries(from)) {
    const existing = merged[name];
    if (existing === undefined) merged[name] = value;
    else if (typeof existing === 'object' && typeof value === 'object') merged[name] = mergeMissing(existing, value);
  }
  return merged;
}

/** Fills `{{name}}` from `values`; a placeholder without a value stays as it is, so a missing one shows. */
function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}

export const i18n = new Translator();
i18n.add('fi', fi);

/**
 * The current language's `t` for a component, which renders again when the language changes (at once) or texts
 * arrive (as a transition: texts loaded in the background never hold the main thread for a whole re-render).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const [, setShown] = useState(i18n.version);
  const rendered = i18n.version;
  useEffect(() => {
    const update = (urgent: boolean) => {
      const version = i18n.version;
      if (urgent) setShown(version);
      else startTransition(() => setShown(version));
    };
    // A change between this render and the subscription would otherwise go unseen.
    if (rendered !== i18n.version) update(true);
    return i18n.subscribe(update);
  }, [rendered]);
  return { t: i18n.t(), i18n };
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
  document.documentElement.lang = languageTag(lang);
  i18n.changeLanguage(languageTag(lang));
}

export function readLanguageCookie(): string | undefined {
  return readCookie(LANGUAGE_COOKIE);
}

/**
 * Each area brings its own texts when its code loads, so a patient never downloads the admin texts.
 * Areas use their own top-level keys.
 */
export function addAreaTexts(texts: Record<Language, object>): void {
  for (const lang of LANGUAGES) i18n.add(languageTag(lang), texts[lang]);
}

/**
 * The error and field texts of every language (the admin's survey preview reads another language's field texts),
 * loading from the start beside the first page, which needs none of them: they show after an answer fails (the API
 * client waits for them before it reports one) or a form is checked.
 */
const catalogue = import('./catalogue-texts').then(({ catalogueTexts }) => {
  for (const lang of LANGUAGES) i18n.add(languageTag(lang), catalogueTexts(lang));
});

/** Resolves once the catalogue's error and field texts are in. */
export function catalogueTextsReady(): Promise<void> {
  return catalogue;
}
