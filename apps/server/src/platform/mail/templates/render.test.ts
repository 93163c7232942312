import { describe, expect, test } from 'vitest';
import { escapeHtml, renderEmail, type RenderInput } from './render';

const base: RenderInput = {
  title: 'Hei {{firstName}}',
  content: 'Rivi yksi\nrivi kaksi\n\n{{link}}\n\nTerveisin {{organisationName}}',
  language: 'fi',
  tags: ['firstName', 'organisationName', 'link'],
  values: { firstName: 'Aino', organisationName: 'Espoo', link: 'https://prsp.example/admin/register?token=a&b=1' },
};

describe('renderEmail', () => {
  test('replaces the kind’s tags in subject, text and HTML', () => {
    const r = renderEmail(base);
    expect(r.subject).toBe('Hei Aino');
    expect(r.text).toBe('Rivi yksi\nrivi kaksi\n\nhttps://prsp.example/admin/register?token=a&b=1\n\nTerveisin Espoo');
    expect(r.html).toContain('<p>Terveisin Espoo</p>');
  });

  test('makes paragraphs from blank lines and line breaks from single ones', () => {
    const { html } = renderEmail(base);
    expect(html).toContain('<p>Rivi yksi<br>\nrivi kaksi</p>');
    expect(html.match(/<p>/g)).toHaveLength(3);
    expect(html).toMatch(/^<!doctype html>\n<html lang="fi">/);
  });

  test('a link value becomes an escaped anchor in HTML and stays plain in text', () => {
    const { html } = renderEmail(base);
    expect(html).toContain(
      '<a href="https://prsp.example/admin/register?token=a&amp;b=1">https://prsp.example/admin/register?token=a&amp;b=1</a>',
    );
  });

  test('escapes tag values and the content in HTML, so neither can carry markup', () => {
    const r = renderEmail({
      ...base,
      title: '<b>{{firstName}}</b>',
      content: '<script>alert(1)</script> {{firstName}} & "quotes"',
      values: { ...base.values, firstName: '<img src=x onerror=alert(1)>' },
    });
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('<img');
    expect(r.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(r.html).toContain('<title>&lt;b&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/b&gt;</title>');
    // The text part is plain text: nothing to escape.
    expect(r.text).toBe('<script>alert(1)</script> <img src=x onerror=alert(1)> & "quotes"');
  });

  test('a paragraph of tags with empty values is left out of both parts; a link at the end of a value is a link (issue 29)', () => {
    const input = { ...base, content: 'Alku\n\n{{deviceCheck}}\n\nLoppu', tags: ['deviceCheck'] };
    const chat = renderEmail({ ...input, values: { deviceCheck: '' } });
    expect(chat.text).toBe('Alku\n\nLoppu');
    expect(chat.html.match(/<p>/g)).toHaveLength(2);
    const video = renderEmail({ ...input, values: { deviceCheck: 'Testaa laitteesi etukäteen: https://prsp.example/device-check' } });
    expect(video.text).toBe('Alku\n\nTestaa laitteesi etukäteen: https://prsp.example/device-check\n\nLoppu');
    expect(video.html).toContain(
      '<p>Testaa laitteesi etukäteen: <a href="https://prsp.example/device-check">https://prsp.example/device-check</a></p>',
    );
  });

  test('a javascript: value is not made a link', () => {
    const { html } = renderEmail({ ...base, values: { ...base.values, link: 'javascript:alert(1)' } });
    expect(html).not.toContain('<a ');
    expect(html).toContain('<p>javascript:alert(1)</p>');
  });

  test('leaves unknown tags, tags of other kinds and tags without a value visible', () => {
    const r = renderEmail({
      ...base,
      content: '{{firstName}} {{ firstName }} {{unknownTag}} {{lastName}} {{organisationName}}',
      values: { firstName: 'Aino', lastName: 'Virtanen' },
    });
    // lastName is not one of this kind's tags; organisationName has no value.
    expect(r.text).toBe('Aino Aino {{unknownTag}} {{lastName}} {{organisationName}}');
  });

  test('a subject never holds a line break (no header injection)', () => {
    const r = renderEmail({ ...base, title: 'Hei\r\nBcc: x@example.com {{firstName}}', values: { firstName: 'A\nB' } });
    expect(r.subject).toBe('Hei Bcc: x@example.com A B');
  });

  test('Windows line breaks count as line breaks; se is lang sv', () => {
    const r = renderEmail({ ...base, language: 'se', content: 'a\r\n\r\nb' });
    expect(r.text).toBe('a\n\nb');
    expect(r.html).toContain('<html lang="sv">');
    expect(r.html).toContain('<p>a</p>\n<p>b</p>');
  });
});

test('escapeHtml escapes the five characters that matter', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});
