import { formatLocalDate, isLocalDate, type Language } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * The date a native date field holds, in words in the page's language ('maanantai 30.11.2026'), shown beside the
 * field: the browser draws a date field in its own interface language, which need not be the page's. Give the field
 * `aria-describedby` with this `id`, so a screen reader reads the date in words with the field too. Empty while the
 * field holds no whole date (the element stays, so the description never points at nothing).
 */
export function DateInWords({ id, date, lang }: { id: string; date: string; lang?: Language }) {
  useTranslation(); // a change of language writes the date again
  return (
    <p id={id} className="hint date-in-words">
      {isLocalDate(date) ? formatLocalDate(date, lang ?? currentLanguage(), 'heading') : ''}
    </p>
  );
}

/** Ids for `aria-describedby`, without the missing ones; undefined when none is left. */
export function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
