import { describe, expect, test } from 'vitest';
import { ORGANISATION_JSON_FIELDS, ORGANISATION_TEXT_FIELDS, isWebUrl } from './organisation-form';

const perLanguage = <T>(v: T) => ({ fi: v, se: v, en: v });

describe('link fields take only web addresses', () => {
  const BAD = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://x.example/',
    '//evil.example/x',
    'not a url',
  ];
  const GOOD = ['https://espoo.example/ehdot', 'http://intranet.example/'];

  test.each(BAD)('isWebUrl refuses %j', (url) => expect(isWebUrl(url.trim())).toBe(false));
  test.each(GOOD)('isWebUrl accepts %j', (url) => expect(isWebUrl(url)).toBe(true));

  const optionalLinkFields = ['termsAndConditionsMoreLink', 'cookiePolicyLink', 'bookingConfirmedLink'] as const;
  test.each(optionalLinkFields.flatMap((f) => BAD.map((url) => [f, url] as const)))('%s refuses %j with the url message', (field, url) => {
    const res = ORGANISATION_JSON_FIELDS[field].safeParse(perLanguage({ text: 'Lisää', url }));
    expect(res.success).toBe(false);
    expect(new Set(res.error?.issues.map((i) => `${String(i.path.at(-1))}:${i.message}`))).toEqual(new Set(['url:url']));
  });

  test.each(optionalLinkFields)('%s accepts https, http, an empty link and null (as before)', (field) => {
    const schema = ORGANISATION_JSON_FIELDS[field];
    for (const url of GOOD) expect(schema.safeParse(perLanguage({ text: 'Lisää', url })).success).toBe(true);
    expect(schema.safeParse(perLanguage({ text: '', url: '' })).success).toBe(true);
    expect(schema.safeParse(null).success).toBe(true);
  });

  test.each(BAD)('thank-you links, buttons, the privacy statement and the service URL refuse %j', (url) => {
    const link = { text: 'Linkki', url };
    expect(ORGANISATION_JSON_FIELDS.redirectionLinks.safeParse({ fi: [link], se: [], en: [] }).success).toBe(false);
    expect(ORGANISATION_JSON_FIELDS.redirectionLinksSecond.safeParse({ fi: [], se: [link], en: [] }).success).toBe(false);
    expect(ORGANISATION_JSON_FIELDS.redirectionButtons.safeParse([{ id: 'b1', details: perLanguage(link) }]).success).toBe(false);
    expect(ORGANISATION_JSON_FIELDS.privacyStatementUrl.safeParse(perLanguage({ url, name: 'Tietosuoja' })).success).toBe(false);
    expect(ORGANISATION_TEXT_FIELDS.serviceUrl.safeParse(url).success).toBe(false);
  });
});
