import { toHtmlLang } from '../../lib/i18n';
import type { Language } from '@prsp/contracts';

/** A moment shown in the user's language and time zone, e.g. '3.5.2026 klo 14.05'. */
export function formatDateTime(iso: string | null, lang: Language): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(toHtmlLang(lang), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar date (`YYYY-MM-DD`, a local date) shown in the user's language, without time zone shifts. */
export function formatDate(isoDate: string | null, lang: Language): string {
  if (!isoDate) return '–';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(toHtmlLang(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
