import { languageTag, type Language } from '@prsp/contracts';

/** Tag values by tag name; a tag without a value stays as written. */
export type TagValues = Readonly<Record<string, string | undefined>>;

export type RenderedEmail = { subject: string; text: string; html: string };

export type RenderInput = {
  title: string;
  content: string;
  language: Language;
  /** The tags this kind fills in; other `{{…}}` stay visible, so a preview shows the mistake. */
  tags: readonly string[];
  values: TagValues;
};

const TAG = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function fill(source: string, input: RenderInput, encode: (value: string) => string): string {
  return source.replace(TAG, (whole, name: string) => {
    const value = input.tags.includes(name) ? input.values[name] : undefined;
    return value === undefined ? whole : encode(value);
  });
}

/**
 * A tag value in the HTML part: escaped, line breaks kept, and every web address in it made a link (a value may be a
 * line with a link at its end, e.g. `deviceCheck`: 'Testaa laitteesi etukäteen: https://…').
 */
function htmlValue(value: string): string {
  return value
    .split(/(\s+)/)
    .map((part) => {
      const escaped = escapeHtml(part);
      return isHttpUrl(part) ? `<a href="${escaped}">${escaped}</a>` : escaped.replace(/\r?\n/g, '<br>');
    })
    .join('');
}

/**
 * Renders a template into an e-mail's subject, text and HTML parts. Content is plain text written by
 * admins: in the HTML part it is escaped and only our own paragraphs, line breaks and links are added,
 * so a template can never carry markup of its own, and tag values (names, links) are escaped too.
 */
export function renderEmail(input: RenderInput): RenderedEmail {
  const subject = fill(input.title, input, (v) => v)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const content = input.content.replace(/\r\n?/g, '\n').trim();
  // A paragraph that is only tags with empty values (a chat appointment's `deviceCheck`) is left out of both parts.
  const kept = content
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => fill(p, input, (v) => v).trim().length > 0);
  const text = fill(kept.join('\n\n'), input, (v) => v);
  const paragraphs = kept.map((p) => `<p>${fill(escapeHtml(p).replace(/\n/g, '<br>\n'), input, htmlValue)}</p>`);
  const lang = languageTag(input.language);
  const html = [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}
