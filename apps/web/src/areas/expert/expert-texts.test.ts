import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/expert.json';
import fi from '../../locales/fi/expert.json';
import sv from '../../locales/sv/expert.json';

/** Every key path of a nested text catalogue. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The source files of the expert area, without tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('expert texts', () => {
  it('say the same things in Finnish, Swedish and English', () => {
    expect(keys(sv).sort()).toEqual(keys(fi).sort());
    expect(keys(en).sort()).toEqual(keys(fi).sort());
  });

  it('have no empty texts', () => {
    const empty = [fi, sv, en].flatMap((texts) =>
      keys(texts).filter((p) => p.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts) === ''),
    );
    expect(empty).toEqual([]);
  });

  it('have a text (not a group of texts) for every whole key the expert pages name', () => {
    const known = new Set(keys(fi).map((k) => k.replace(/_(one|other)$/, '')));
    const named = sources(import.meta.dirname).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'(expert\.[A-Za-z.]+[A-Za-z])'/g)].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });
});
