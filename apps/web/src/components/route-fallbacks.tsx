import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { useTranslation } from '../lib/i18n';

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
