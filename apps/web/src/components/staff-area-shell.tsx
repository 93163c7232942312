import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The chrome of the expert and admin apps: skip link, header with the area's tools (menus, language),
 * the main landmark and a footer. On every route change focus moves to the content, so keyboard and
 * screen reader users start reading the new page from its top.
 */
export function StaffAreaShell({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // The page's heading names the tab (WCAG 2.4.2) once it is there; until then the app's own name does.
    const main = mainRef.current;
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent;
      const next = heading ? `${heading} – ${title}` : title;
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = mainRef.current;
    const heading = main?.querySelector('h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    } else main?.focus();
  }, [pathname]);

  return (
    <div className="page staff-app">
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className="site-header staff-header">
        <div className="site-header-inner">
          <span className="site-name">{title}</span>
          {tools && <div className="header-tools">{tools}</div>}
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
