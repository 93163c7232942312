import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML an organisation wrote (terms, chat-code info), sanitised in the browser as well as on the server.
 * Only lazily loaded pages import this module, so DOMPurify stays out of the first page's bundle.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'img'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
