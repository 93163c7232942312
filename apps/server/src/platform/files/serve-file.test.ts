import { describe, expect, test } from 'vitest';
import { contentDisposition, fileHeaders } from './serve-file';

describe('Content-Disposition', () => {
  test('a plain name as it is', () => {
    expect(contentDisposition('inline', 'logo.png')).toBe('inline; filename="logo.png"');
    expect(contentDisposition('attachment', 'Lausunto 2026-01.pdf')).toBe('attachment; filename="Lausunto 2026-01.pdf"');
  });

  test('other letters go percent-encoded in filename*, with a safe ASCII stand-in that keeps their base letter', () => {
    expect(contentDisposition('attachment', 'Yhteenveto äiti.pdf')).toBe(
      `attachment; filename="Yhteenveto aiti.pdf"; filename*=UTF-8''Yhteenveto%20%C3%A4iti.pdf`,
    );
    expect(contentDisposition('attachment', 'Ωμέγα.pdf')).toBe(
      `attachment; filename="_____.pdf"; filename*=UTF-8''%CE%A9%CE%BC%CE%AD%CE%B3%CE%B1.pdf`,
    );
  });

  test('quotes, semicolons, line breaks and directories cannot break out of the header', () => {
    const header = contentDisposition('attachment', '../../x"; filename=evil.html\r\nSet-Cookie: a=b');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="x__ filename_evil.htmlSet-Cookie_ a_b"; filename*=UTF-8''x%22%3B%20filename%3Devil.htmlSet-Cookie%3A%20a%3Db`,
    );
    expect(header).not.toContain('../');
    expect(contentDisposition('attachment', 'C:\\Users\\me\\report.pdf')).toBe('attachment; filename="report.pdf"');
  });

  test('a name of nothing but dots or nothing at all becomes "file"', () => {
    expect(contentDisposition('attachment', '..')).toBe(`attachment; filename="file"; filename*=UTF-8''..`);
    expect(contentDisposition('inline', '')).toBe('inline; filename="file"; filename*=UTF-8\'\'');
  });
});

test('every served file says its recorded type, forbids sniffing and running, and is private unless told', () => {
  expect(fileHeaders({ contentType: 'application/pdf', filename: 'a.pdf' }, { disposition: 'attachment' })).toEqual({
    'content-type': 'application/pdf',
    'content-disposition': 'attachment; filename="a.pdf"',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    'cache-control': 'private, no-store',
  });
});
