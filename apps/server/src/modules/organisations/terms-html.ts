import sanitizeHtml from 'sanitize-html';

/**
 * What an organisation's terms may contain: structure and emphasis, and links to https or mailto only.
 * Admins write this HTML, patients' browsers render it, so anything else (scripts, styles, event
 * handlers, images, frames, javascript: links) is dropped before it is served.
 */
const TERMS_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Other tags go, their text stays (except in the tags below, whose content is never text to show).
  disallowedTagsMode: 'discard',
  allowedSchemesByTag: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
};

// Terms change rarely and every config request carries them: remember recent results by their input.
const cache = new Map<string, string>();
const CACHE_LIMIT = 200;

/** The terms HTML reduced to the allow-list; the same input gives the same output, from a small cache. */
export function sanitizeTermsHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, TERMS_POLICY);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(html, clean);
  return clean;
}
