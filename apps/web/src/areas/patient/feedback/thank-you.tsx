import './feedback.css';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Link, PatientConfig } from '@prsp/contracts';
import { ExternalLink } from '@/components/ui/external-link';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { linksExpanded, shownButtons } from './thank-you-rules';

/** One of the two link sections: open with fewer than 4 links, folded away (a disclosure) with more (spec §9). */
function LinkSection({ headline, links }: { headline: string; links: readonly Link[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  const title = headline.trim() || t('feedback.links');
  const list = (
    <ul className="link-list">
      {links.map((link, i) => (
        <li key={`${i}-${link.url}`}>
          <ExternalLink href={link.url}>{link.text}</ExternalLink>
        </li>
      ))}
    </ul>
  );
  if (linksExpanded(links.length))
    return (
      <section className="thank-you-links">
        <h2>{title}</h2>
        {list}
      </section>
    );
  return (
    <details className="disclosure thank-you-links">
      <summary>{title}</summary>
      {list}
    </details>
  );
}

/**
 * Spec §2 thank-you page after the feedback: the organisation's thank-you text, its two link sections with their
 * headlines, and the 0–2 redirection buttons the admin chose on /admin/thankYou (the primary one filled).
 * Focus moves to the heading as it replaces the form, so a screen reader hears where it is. `transcript`: where the
 * chat's transcript is in the history, when the patient has one.
 */
export function ThankYou({ config, transcript = null }: { config: PatientConfig; transcript?: string | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = config.thankYouText[lang].trim();
  const buttons = shownButtons(config, lang);
  return (
    <section className="card thank-you">
      <h1 ref={heading} tabIndex={-1}>
        {t('feedback.thanksTitle')}
      </h1>
      <p className="service-info">{text || t('feedback.thanksText')}</p>
      {transcript && (
        <p>
          <RouterLink to={transcript}>{t('feedback.transcript')}</RouterLink>
        </p>
      )}
      <LinkSection headline={config.thankYouLinksAddAttentionHeadline[lang]} links={config.thankYouLinksAddAttention[lang]} />
      <LinkSection headline={config.thankYouLinksResolvedHeadline[lang]} links={config.thankYouLinksResolved[lang]} />
      {buttons.length > 0 && (
        <div className="actions">
          {buttons.map((b) => (
            <a key={b.id} className={b.primary ? 'button' : 'button secondary'} href={b.link.url}>
              {b.link.text}
            </a>
          ))}
        </div>
      )}
    </section>
  );
}
