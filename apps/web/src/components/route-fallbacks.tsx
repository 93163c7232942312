import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}

export function NotFound({ home }: { home: string }) {
  const { t } = useTranslation();
  usePageTitle(t('app.notFoundTitle'));
  return (
    <section className="card">
      <h1>{t('app.notFoundTitle')}</h1>
      <p>{t('app.notFoundText')}</p>
      <Link to={home}>{t('app.toHome')}</Link>
    </section>
  );
}

/** Shown by the router when a page throws: no details, a way home. */
export function RouteError() {
  const { t } = useTranslation();
  usePageTitle(t('app.errorTitle'));
  return (
    <main id="content" className="card">
      <h1>{t('app.errorTitle')}</h1>
      <p>{t('app.errorText')}</p>
      <a href="/">{t('app.toHome')}</a>
    </main>
  );
}

/**
 * A screen of the spec that a later issue builds (booking, chat, messages, surveys, history, feedback…): the same
 * page in every area, saying so plainly, titled with the screen's own name so the tab tells which one it is.
 */
export function NotAvailable({ page, home, homeLabel }: { page?: string; home: string; homeLabel?: string }) {
  const { t } = useTranslation();
  usePageTitle(page ?? t('app.notAvailableTitle'));
  return (
    <section className="card not-available">
      <p className="badge coming-soon">{t('app.comingSoon')}</p>
      <h1>{page ?? t('app.notAvailableTitle')}</h1>
      <p>
        <strong>{t('app.notAvailableTitle')}.</strong> {t('app.notAvailableText')}
      </p>
      <Link to={home}>{homeLabel ?? t('app.toHome')}</Link>
    </section>
  );
}
