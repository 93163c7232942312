import '../styles/print.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLayout } from './page-layout';
import { ToastRegion } from './ui/toasts';

/**
 * The chrome of the expert and admin apps: the shared page layout with the area's tools (menus, language) in
 * the header. On every route change focus moves to the content, so keyboard and screen reader users start
 * reading the new page from its top.
 */
export function StaffAreaShell({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // The tab's title is each page's own (lib/use-page-title: 'page – organisation', WCAG 2.4.2).
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
    <>
      <PageLayout
        title={title}
        header={tools && <div className="header-tools">{tools}</div>}
        className="staff-app"
        headerClassName="staff-header"
        mainRef={mainRef}
      >
        {children}
      </PageLayout>
      <ToastRegion />
    </>
  );
}
