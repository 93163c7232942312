import { describe, expect, test } from 'vitest';
import { mailBodyContent } from './template-editor';

/** An e-mail as the server renders it (apps/server/src/platform/mail/templates/render.ts): styled for mail clients. */
const MAIL = [
  '<!doctype html>',
  '<html lang="fi">',
  '<head><meta charset="utf-8"><title>Tervetuloa</title></head>',
  '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">',
  '<p>Hei &lt;body style=&quot;x&quot;&gt;,</p>',
  '<p><a href="https://portal.example.fi/set-password">https://portal.example.fi/set-password</a></p>',
  '</body>',
  '</html>',
].join('\n');

describe('mailBodyContent', () => {
  test("is the body's content without the body's inline style (the page's CSP refuses it)", () => {
    const content = mailBodyContent(MAIL);
    expect(content).not.toContain('style="');
    expect(content).not.toContain('<title>');
    expect(content.trim().split('\n')).toEqual([
      '<p>Hei &lt;body style=&quot;x&quot;&gt;,</p>',
      '<p><a href="https://portal.example.fi/set-password">https://portal.example.fi/set-password</a></p>',
    ]);
  });

  test('HTML without a body is kept as it is', () => {
    expect(mailBodyContent('<p>Hei</p>')).toBe('<p>Hei</p>');
  });
});
