import { describe, expect, it } from 'vitest';
import en from '@/locales/en/common.json';
import fi from '@/locales/fi/common.json';
import sv from '@/locales/sv/common.json';
import { missingTexts, textKeys } from '@/lib/text-catalogue-checks';

/** The kit's sources, read as text: every key they show must be in the texts every area loads. */
const sources = import.meta.glob<string>('./*.tsx', { query: '?raw', import: 'default', eager: true });

/** Every source of the web app, to find texts still asked for by the keys they had before the kit took them. */
const everySource = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('UI kit texts', () => {
  const used = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/\bt\(\s*['`]([a-zA-Z.]+)(\$\{[^}]+\})?/g)) used.add(m[2] ? `${m[1]}*` : m[1]!);
  }

  it('come from the shared catalogue (ui.*), not from one area', () => {
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((key) => !key.startsWith('ui.'))).toEqual([]);
  });

  it('exist in Finnish, Swedish and English', () => {
    // A key built at run time ('ui.status.${…}') counts by its fixed part, which must be a group of texts.
    const fixed = [...used].filter((key) => !key.endsWith('*'));
    const prefixes = [...used].filter((key) => key.endsWith('*')).map((key) => key.replace(/\.?\*$/, ''));
    expect(missingTexts(fixed, { fi, sv, en })).toEqual([]);
    for (const texts of [fi, sv, en]) {
      const keys = textKeys(texts);
      expect(prefixes.filter((prefix) => !keys.some((key) => key.startsWith(`${prefix}.`)))).toEqual([]);
    }
  });

  it('are asked for only by their ui.* keys anywhere in the app (the area copies are gone)', () => {
    const moved = /\b(staff\.(languageNames|pager|status|unsaved)\.|admin\.users\.search|common\.(retry|opensInNewTab)\b)/;
    const stale = Object.entries(everySource)
      .filter(([, source]) => moved.test(source))
      .map(([file]) => file);
    expect(Object.keys(everySource).length).toBeGreaterThan(100);
    expect(stale).toEqual([]);
  });
});
