import './guest.css';
import './guest-texts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * `/guest-signed-out`: where a guest lands after logging out. A guest has no bank-ID sign-in, so the patients'
 * front page is not theirs: this thanks them, says the window can be closed and that the invitation's link (with
 * their e-mail and PIN) takes them back in.
 */
export function GuestSignedOutPage() {
  const { t } = useTranslation();
  usePageTitle(t('guest.signedOut.title'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card guest-card" aria-labelledby="guest-signed-out-title">
      <h1 id="guest-signed-out-title" ref={heading} tabIndex={-1} className="page-title">
        {t('guest.signedOut.heading')}
      </h1>
      <p>{t('guest.signedOut.close')}</p>
      <p className="hint">{t('guest.signedOut.again')}</p>
    </section>
  );
}
