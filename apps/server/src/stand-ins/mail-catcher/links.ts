const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
const HREF = /href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The http(s) links in a message, in order of appearance, each once: from the text part and the
 * HTML part's hrefs. Browser tests follow these (registration and reset links); the inbox page lists them.
 */
export function extractLinks(text: string, html: string | null): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) found.push(match[0].replace(/[.,;:!?)\]]+$/, ''));
  if (html) for (const match of html.matchAll(HREF)) found.push(decodeEntities((match[1] ?? match[2] ?? '').trim()));
  return [...new Set(found.filter(isHttp))];
}
