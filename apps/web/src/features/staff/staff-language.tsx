import { useEffect, useRef } from 'react';
import type { Language, StaffUserData } from '@prsp/contracts';
import { LanguageSwitcher } from '@/components/language-switcher';
import { changeLanguage } from '@/lib/i18n';
import { chooseLoginPageLanguage, sendClientParams } from './staff-api';

/**
 * Spec §1: the expert and admin apps start in Finnish, whatever the patient app remembered; once the signed-in user is
 * known, in the language they last chose (kept on the server per user, so a reload or another device keeps it).
 */
export function useStaffStartLanguage(user: StaffUserData | null | undefined): void {
  // Whose language is shown: '' for nobody yet. A sign-out keeps the language on the login page.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (shownFor.current !== null && (!user || shownFor.current === user.id)) return;
    shownFor.current = user?.id ?? '';
    void changeLanguage(user?.language ?? 'fi', { remember: false });
  }, [user]);
}

/** The language switch of the staff apps; the choice is kept for the user on the server (spec §2, §7). */
export function StaffLanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const onChange = (lang: Language) => {
    void changeLanguage(lang, { remember: false });
    if (signedIn) void sendClientParams(lang).catch(() => undefined);
    else chooseLoginPageLanguage(lang);
  };
  return <LanguageSwitcher onChange={onChange} />;
}
