import type { Language } from '@prsp/contracts';

const LOCALES: Record<Language, string> = { fi: 'fi-FI', se: 'sv-FI', en: 'en-GB' };

/** Date and time in the user's language and the browser's time zone (the zone the server also knows). */
export function formatDateTime(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

export function formatTime(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { hour: '2-digit', minute: '2-digit' }).format(ms);
}
