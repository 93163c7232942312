import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import fi from '../../locales/fi/common.json';
import sv from '../../locales/sv/common.json';

/** The kit's sources, read as text: every key they show must be in the texts every area loads. */
const sources = import.meta.glob<string>('./*.tsx', { query: '?raw', import: 'default', eager: true });

function lookup(texts: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
}

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
    const missing = [fi, sv, en].flatMap((texts, i) =>
      [...used]
        .map((key) => key.replace(/\.?\*$/, '').replace(/\.$/, ''))
        .filter((key) => lookup(texts, key) === undefined && lookup(texts, `${key}_one`) === undefined)
        .map((key) => `${['fi', 'sv', 'en'][i]}:${key}`),
    );
    expect(missing).toEqual([]);
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
