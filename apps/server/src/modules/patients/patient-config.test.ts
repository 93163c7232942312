import { describe, expect, test } from 'vitest';
import { FEATURE_FLAGS, ZPatientConfig, type FeatureFlags } from '@prsp/contracts';
import { defaultOrganisationContent, sanitizeTermsHtml, type OrganisationRow } from '../organisations/organisations.service';
import { toPatientConfig } from './patient-config';

const flags = Object.fromEntries(FEATURE_FLAGS.map((f, i) => [f, i % 2 === 0])) as FeatureFlags;
const org = {
  id: '6f1c2f52-6d3e-4a43-9b59-0a4f3c0f0b11',
  name: 'Testikunta',
  flags: { ...flags, legacyFlag: true } as FeatureFlags,
  content: defaultOrganisationContent('Testikunta'),
  primaryColor: '#112233',
  backgroundColor: '#FFFFFF',
} as OrganisationRow;

describe('toPatientConfig', () => {
  test('exactly the spec shape: the 14 flags and the renamed texts', () => {
    const config = toPatientConfig(org, [], null);
    expect(ZPatientConfig.parse(config)).toEqual(config);
    expect(Object.keys(config)).not.toContain('legacyFlag');
    for (const f of FEATURE_FLAGS) expect(config[f]).toBe(flags[f]);
    expect(config.serviceInfoText).toBe(org.content.serviceInfo);
    expect(config.thankYouLinksAddAttention).toBe(org.content.redirectionLinks);
    expect(config.thankYouLinksResolved).toBe(org.content.redirectionLinksSecond);
    expect(config.privacyStatement).toBe(org.content.privacyStatementUrl);
    expect(config.themeOverrides.colors).toEqual({ primary: '#112233', background: '#FFFFFF' });
  });

  test('the chat texts as stored; a row from before they existed answers with the defaults', () => {
    expect(toPatientConfig(org, [], null).chatTexts).toBe(org.content.chatTexts);
    const { chatTexts: _dropped, ...older } = org.content;
    const config = toPatientConfig({ ...org, content: older } as OrganisationRow, [], null);
    expect(config.chatTexts).toEqual(defaultOrganisationContent('Testikunta').chatTexts);
    for (const text of Object.values(config.chatTexts)) for (const lang of ['fi', 'se', 'en'] as const) expect(text[lang]).not.toBe('');
  });

  test('image URLs only for stored images, versioned by their change time; act on behalf passed through', () => {
    const updatedAt = new Date('2026-01-01T00:00:00Z');
    const config = toPatientConfig(
      org,
      [
        { kind: 'logoSe', updatedAt },
        { kind: 'background', updatedAt },
      ],
      { ssn: '120315A456R', name: 'Lilja Virtanen' },
    );
    const url = (kind: string) => `/api/files/organisations/${org.id}/${kind}?v=${updatedAt.getTime()}`;
    expect(config.themeOverrides).toMatchObject({
      logoUrl: null,
      logoUrls: { fi: null, se: url('logoSe'), en: null },
      backgroundUrl: url('background'),
    });
    expect(config.actOnBehalf).toEqual({ ssn: '120315A456R', name: 'Lilja Virtanen' });
  });

  test('the connector page only with the connector flag on and a connector configured', () => {
    const on = { ...org, flags: { ...flags, htaConnectorEnabled: true } } as OrganisationRow;
    const off = { ...org, flags: { ...flags, htaConnectorEnabled: false } } as OrganisationRow;
    expect(toPatientConfig(on, [], null, 'https://hta.example.fi/c').htaConnectorUrl).toBe('https://hta.example.fi/c');
    expect(toPatientConfig(off, [], null, 'https://hta.example.fi/c').htaConnectorUrl).toBeNull();
    expect(toPatientConfig(on, [], null, null).htaConnectorUrl).toBeNull();
  });
});

describe('sanitizeTermsHtml', () => {
  test.each([
    ['<h2>Ehdot</h2><p>a<br>b</p><ol><li><em>x</em></li></ol>', '<h2>Ehdot</h2><p>a<br />b</p><ol><li><em>x</em></li></ol>'],
    ['<p onclick="steal()">x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><style>p{}</style>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="http://plain.example">x</a>', '<a>x</a>'],
    ['<a href="https://ok.example" target="_top" onclick="x">x</a>', '<a href="https://ok.example">x</a>'],
    ['<a href="mailto:apu@example.fi">x</a>', '<a href="mailto:apu@example.fi">x</a>'],
    ['<img src=x onerror=alert(1)><iframe src="https://x"></iframe><span>text</span>', 'text'],
  ])('%s', (input, output) => {
    expect(sanitizeTermsHtml(input)).toBe(output);
  });

  test('the same input twice gives the same output (from the cache)', () => {
    const html = '<p>cached <b>once</b></p>';
    expect(sanitizeTermsHtml(html)).toBe('<p>cached once</p>');
    expect(sanitizeTermsHtml(html)).toBe('<p>cached once</p>');
  });
});
