import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../lib/i18n';

/** The chrome every page shares: skip link, header, main landmark, footer. */
export function PageLayout({
  title,
  header,
  className,
  headerClassName,
  mainRef,
  children,
}: {
  title: string;
  header?: ReactNode;
  /** Area modifiers of the page and its header (styling only). */
  className?: string;
  headerClassName?: string;
  mainRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className={headerClassName ? `site-header ${headerClassName}` : 'site-header'}>
        <div className="site-header-inner">
          <span className="site-name">{title}</span>
          {header}
        </div>
      </header>
      <main id="content" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('app.footer')}</p>
      </footer>
    </div>
  );
}
