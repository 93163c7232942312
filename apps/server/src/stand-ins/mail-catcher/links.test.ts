import { expect, test } from 'vitest';
import { extractLinks } from './links';

test('finds http(s) links in the text and the HTML, each once, in order', () => {
  const text = 'Aseta salasana: https://prsp.example/admin/register?token=abc.\nMuu: http://example.com/x), ftp://no';
  const html =
    '<a href="https://prsp.example/admin/register?token=abc">x</a> <a href=\'https://other.example/?a=1&amp;b=2\'>y</a> <a href="javascript:alert(1)">z</a>';
  expect(extractLinks(text, html)).toEqual([
    'https://prsp.example/admin/register?token=abc',
    'http://example.com/x',
    'https://other.example/?a=1&b=2',
  ]);
});

test('no links, no HTML', () => {
  expect(extractLinks('Hei', null)).toEqual([]);
});
