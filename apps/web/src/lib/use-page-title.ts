import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from './i18n';

/** The dash between the page and the organisation (WCAG 2.4.2: the page first, then the site). */
export const TITLE_SEPARATOR = ' – ';

/**
 * A document title 'page – organisation'. Without an organisation (before one is chosen, on sign-in pages) the
 * neutral service name stands in; blank parts are left out rather than leaving a dangling dash. With something
 * unread the count comes first, '(2) page – organisation', so it shows on a background tab.
 */
export function pageTitle(page: string, organisation: string | null | undefined, serviceName: string, unread = 0): string {
  const site = organisation?.trim() || serviceName;
  const name = page.trim();
  const title = name ? `${name}${TITLE_SEPARATOR}${site}` : site;
  return unread > 0 ? `(${unread}) ${title}` : title;
}

const OrganisationName = createContext<string | null | undefined>(undefined);
const UnreadCount = createContext(0);

/** Each area's layout says which organisation its pages belong to (when one is known), and how much waits unread. */
export function PageTitleOrganisation({
  name,
  unread = 0,
  children,
}: {
  name: string | null | undefined;
  unread?: number;
  children: ReactNode;
}) {
  return createElement(OrganisationName.Provider, { value: name }, createElement(UnreadCount.Provider, { value: unread }, children));
}

/**
 * Sets the document title of the page that calls it, as 'page – organisation' in the current language
 * (spec §2; WCAG 2.4.2). Every page of every area calls it once with its own (translated) name.
 */
export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const organisation = useContext(OrganisationName);
  const unread = useContext(UnreadCount);
  const title = pageTitle(page, organisation, t('app.name'), unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
