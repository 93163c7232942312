import { usePageTitle } from '@/lib/use-page-title';
import { useSearchParams } from 'react-router';
import { LOGIN_ERRORS, type LoginError } from '@prsp/contracts';
import { useCookiePreferences } from '@/lib/cookie-consent';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * Spec §2 authentication page; the logout route reuses it, with the session-expired text on `?unauthorized`.
 * The route guard keeps signed-in patients away from it.
 */
export function AuthenticationPage({ variant }: { variant: 'login' | 'logout' }) {
  const { t } = useTranslation();
  usePageTitle(t(variant === 'login' ? 'auth.pageTitle' : 'auth.loggedOutTitle'));
  const [params] = useSearchParams();
  const cookieChoiceMade = useCookiePreferences() !== undefined;
  const error = params.get('error');
  const loginError = (LOGIN_ERRORS as readonly string[]).includes(error ?? '') ? (error as LoginError) : undefined;
  const expired = variant === 'logout' && params.has('unauthorized');

  return (
    <section className="card auth">
      {variant === 'logout' && !expired && <p className="notice">{t('auth.loggedOutTitle')}</p>}
      {expired && (
        <p className="alert" role="alert">
          {t('auth.sessionExpired')}
        </p>
      )}
      {loginError === 'loginCancelled' && (
        // The person's own choice, not an error: said politely, with the button below to try again.
        <p className="notice" role="status">
          {t('auth.loginCancelled')}
        </p>
      )}
      {loginError && loginError !== 'loginCancelled' && (
        <p className="alert" role="alert">
          {t(`auth.${loginError}`)}
        </p>
      )}
      <h1>{t('auth.headline')}</h1>
      <p>{t('auth.identificationText')}</p>
      <details className="disclosure">
        <summary>{t('auth.actOnBehalfTitle')}</summary>
        <p>{t('auth.actOnBehalfText')}</p>
      </details>
      <button
        type="button"
        className="button primary wide"
        disabled={!cookieChoiceMade}
        aria-describedby={cookieChoiceMade ? undefined : 'identify-hint'}
        onClick={() => location.assign(`/api/login?lang=${currentLanguage()}`)}
      >
        {t('auth.identify')}
      </button>
      {!cookieChoiceMade && (
        <p id="identify-hint" className="hint">
          {t('auth.identifyDisabledHint')}
        </p>
      )}
      <p className="lock-note">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>
        {t('auth.lockNote')}
      </p>
    </section>
  );
}
