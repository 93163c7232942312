import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGES, type Language, type PatientConfig } from '@prsp/contracts';
import { changeLanguage, currentLanguage, initialPatientLanguage, readLanguageCookie } from '@/lib/i18n';
import { postClientParams } from '../api/patient-api';
import { loadPatientTexts } from '../patient-texts';

/** Loads the language's texts, then switches (a failed load keeps the current language). */
export async function switchPatientLanguage(lang: Language, remember: boolean): Promise<void> {
  await loadPatientTexts(lang);
  await changeLanguage(lang, { remember });
}

/** Runs `task` when the browser has nothing more urgent to do (at once where it cannot tell). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task);
}

const LANGUAGE_FLAG = { fi: 'finnishEnabled', se: 'swedishEnabled', en: 'englishEnabled' } as const;

/** The languages the organisation offers (spec §3 flags finnishEnabled, swedishEnabled, englishEnabled). */
export function offeredLanguages(config: PatientConfig | undefined): readonly Language[] {
  if (!config) return LANGUAGES;
  const offered = LANGUAGES.filter((l) => config[LANGUAGE_FLAG[l]]);
  return offered.length > 0 ? offered : LANGUAGES;
}

/**
 * Spec §1: the `lang` query parameter wins (and is remembered in the `language` cookie), else the cookie, else
 * Finnish. Switching language re-renders the app and, when signed in, sends language and time zone to the server.
 */
export function usePatientLanguage(authenticated: boolean, config: PatientConfig | undefined) {
  const [params, setParams] = useSearchParams();
  const langParam = params.get('lang');
  const offered = offeredLanguages(config);

  useEffect(() => {
    const { lang, fromQuery } = initialPatientLanguage(langParam ? `?lang=${langParam}` : '', readLanguageCookie());
    void switchPatientLanguage(lang, fromQuery).catch(() => undefined);
  }, [langParam]);

  // The server learns the language and time zone once per signed-in page load, then on every switch.
  const told = useRef(false);
  useEffect(() => {
    if (!authenticated || told.current) return;
    told.current = true;
    // Once the page is up: the first time zone lookup loads the browser's zone data, a long task on a phone.
    whenIdle(() => void postClientParams(currentLanguage()).catch(() => undefined));
  }, [authenticated]);

  // An organisation that does not offer the current language shows its first one (without remembering it).
  const offeredKey = offered.join(',');
  useEffect(() => {
    const list = offeredKey.split(',') as Language[];
    if (!list.includes(currentLanguage())) void switchPatientLanguage(list[0]!, false).catch(() => undefined);
  }, [offeredKey]);

  const switchLanguage = (lang: Language) => {
    void switchPatientLanguage(lang, true)
      .then(() => (authenticated ? postClientParams(lang) : undefined))
      .catch(() => undefined);
    if (params.has('lang')) {
      params.delete('lang');
      setParams(params, { replace: true });
    }
  };
  return { offered, switchLanguage };
}
