import './guest.css';
import './guest-texts';
import { useEffect, useRef } from 'react';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { usePatientContext } from '../patient-state';
import { useGuestLogout } from './guest-mode';

/**
 * `/thank-you-guest` (spec §2 'Guest thank-you page'): thank-you, notify and logout texts. The organisation's own
 * thank-you text (set on /admin/thankYou) replaces ours where it has one. Logging out removes the guest token
 * and goes to the guests' signed-out page.
 */
export function ThankYouGuestPage() {
  const { t } = useTranslation();
  usePageTitle(t('guest.thankYou.title'));
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const own = config?.thankYouText[currentLanguage()].trim();
  const logout = useGuestLogout();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card guest-card thank-you" aria-labelledby="thank-you-guest-title">
      <h1 id="thank-you-guest-title" ref={heading} tabIndex={-1} className="page-title">
        {t('guest.thankYou.heading')}
      </h1>
      <p className="service-info">{own || t('guest.thankYou.text')}</p>
      <p>{t('guest.thankYou.notify')}</p>
      <p className="hint">{t('guest.thankYou.logoutText')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={logout}>
          {t('guest.thankYou.logout')}
        </button>
      </div>
    </section>
  );
}
