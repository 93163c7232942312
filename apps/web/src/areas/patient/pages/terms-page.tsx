import { usePageTitle } from '@/lib/use-page-title';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useAcceptTerms } from '../api/patient-api';
import { usePatientContext } from '../patient-state';
import { ExternalLink } from '@/components/ui/external-link';
import { SafeHtml } from '@/components/ui/safe-html';

/** An app installed on the home screen (spec §2: the accept button is hidden there). */
function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/**
 * Spec §2 terms page: the organisation's terms as sanitised HTML, the optional 'more' and cookie policy links
 * in a new tab, and the accept button (not in standalone mode). The profile variant only shows the terms.
 */
export function TermsPage({ variant }: { variant: 'onboarding' | 'profile' }) {
  const { t } = useTranslation();
  usePageTitle(t('terms.title'));
  const navigate = useNavigate();
  const accept = useAcceptTerms();
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const lang = currentLanguage();
  if (!config) return null;
  const more = config.termsAndConditionsMoreLink?.[lang];
  const cookies = config.cookiePolicyLink?.[lang];
  const contactEnabled = config.contactEnabled;

  return (
    <section className="card">
      {variant === 'profile' ? (
        <Link to="/profile" className="back-link">
          {t('profile.back')}
        </Link>
      ) : (
        contactEnabled && (
          <Link to="/contact" className="back-link">
            {t('terms.backToContact')}
          </Link>
        )
      )}
      <h1>{t('terms.title')}</h1>
      {/* Long terms scroll inside their box (max 600 px, spec §9); the box takes focus so the keyboard can scroll it. */}
      <div className="terms-text" tabIndex={0} role="region" aria-label={t('terms.title')}>
        <SafeHtml html={config.termsAndConditionsText[lang]} />
      </div>
      {(more?.url || cookies?.url) && (
        <ul className="link-list">
          {more?.url && (
            <li>
              <ExternalLink href={more.url}>{more.text || t('terms.more')}</ExternalLink>
            </li>
          )}
          {cookies?.url && (
            <li>
              <ExternalLink href={cookies.url}>{cookies.text || t('terms.cookiePolicy')}</ExternalLink>
            </li>
          )}
        </ul>
      )}
      {variant === 'onboarding' && !isStandalone() && (
        <div className="actions terms-accept">
          {accept.isError && (
            <p className="alert" role="alert">
              {t(accept.error instanceof ApiError ? accept.error.errorKey : 'errors.processing')}
            </p>
          )}
          <button
            type="button"
            className="button"
            disabled={accept.isPending}
            onClick={() =>
              void accept.mutateAsync().then(
                () => navigate('/', { replace: true }),
                () => undefined,
              )
            }
          >
            {t('terms.accept')}
          </button>
        </div>
      )}
    </section>
  );
}
