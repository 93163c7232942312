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
