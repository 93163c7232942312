import { describe, expect, test } from 'vitest';
import en from '../../../locales/en/admin.json';
import fi from '../../../locales/fi/admin.json';
import sv from '../../../locales/sv/admin.json';

/** The messaging admin screens' sources, read as text: every key they show must exist in fi, sv and en. */
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });

function lookup(texts: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
}
const has = (texts: object, key: string) => lookup(texts, key) !== undefined || lookup(texts, `${key}_one`) !== undefined;

function leafKeys(node: unknown, prefix: string): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leafKeys(v, `${prefix}.${k}`));
}

describe('messaging admin texts', () => {
  const literal = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/['`](admin\.(?:messages|messageCodes|menu)\.[a-zA-Z.]+[a-zA-Z])['`]/g)) literal.add(m[1]!);
  }
  // Keys built at run time: the disable toggle's per kind, and the shared code group modal's.
  const built = [
    ...['category', 'subcategory'].flatMap((kind) =>
      ['enable', 'disable', 'enableTitle', 'disableTitle', 'enableText', 'disableText', 'enabledDone', 'disabledDone'].map(
        (k) => `admin.messages.${kind}.${k}`,
      ),
    ),
    ...['addTitle', 'editTitle', 'create', 'created', 'saved'].map((k) => `admin.messageCodes.${k}`),
  ];

  test('every key the screens ask for exists in Finnish, Swedish and English', () => {
    expect(literal.size).toBeGreaterThan(40);
    const missing = [fi, sv, en].flatMap((texts, i) =>
      [...literal, ...built].filter((key) => !has(texts, key)).map((key) => `${['fi', 'sv', 'en'][i]}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  test('the three languages have the same messaging texts', () => {
    const keys = (texts: typeof fi) =>
      [...leafKeys(texts.admin.messages, 'messages'), ...leafKeys(texts.admin.messageCodes, 'codes')].sort();
    expect(keys(sv)).toEqual(keys(fi));
    expect(keys(en)).toEqual(keys(fi));
  });
});
