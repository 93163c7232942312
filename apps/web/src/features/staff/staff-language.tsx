import { useEffect } from 'react';
import type { Language } from '@prsp/contracts';
import { LanguageSwitcher } from '@/components/language-switcher';
import { changeLanguage } from '@/lib/i18n';
import { sendClientParams } from './staff-api';

/** Spec §1: the expert and admin apps always start in Finnish, whatever the patient app remembered. */
export function useFinnishStart(): void {
  useEffect(() => {
    void changeLanguage('fi', { remember: false });
  }, []);
}

/** The language switch of the staff apps; a signed-in user's choice is sent to the server (spec §2, §7). */
export function StaffLanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const onChange = (lang: Language) => {
    void changeLanguage(lang, { remember: false });
    if (signedIn) void sendClientParams(lang).catch(() => undefined);
  };
  return <LanguageSwitcher onChange={onChange} />;
}
