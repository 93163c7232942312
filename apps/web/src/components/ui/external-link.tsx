import { useTranslation } from '@/lib/i18n';

/** A link that opens in a new tab, saying so to screen readers (WCAG 3.2.5 advice). */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('ui.opensInNewTab')}</span>
    </a>
  );
}
