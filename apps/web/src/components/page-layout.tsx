import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The chrome every page shares: skip link, header, main landmark, footer. */
export function PageLayout({ title, header, children }: { title: string; header?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <span className="site-name">{title}</span>
          {header}
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('app.footer')}</p>
      </footer>
    </div>
  );
}
