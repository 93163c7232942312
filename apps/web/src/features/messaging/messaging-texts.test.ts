import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/messaging.json';
import fi from '../../locales/fi/messaging.json';
import sv from '../../locales/sv/messaging.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const SOURCES = readdirSync(import.meta.dirname)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => path.join(import.meta.dirname, f));

describe('messaging texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expect(keys(sv).sort()).toEqual(keys(fi).sort());
    expect(keys(en).sort()).toEqual(keys(fi).sort());
    for (const texts of [fi, sv, en])
      for (const k of keys(texts)) expect(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], texts)).not.toBe('');
  });

  it('have a text for every key the code names, and for every attachment problem', () => {
    const known = new Set(keys(fi));
    const named = SOURCES.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'(messaging\.[A-Za-z.]+[A-Za-z])'/g)].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(15);
    const built = ['type', 'size', 'empty', 'count'].map((p) => `messaging.composer.fileProblem.${p}`);
    expect([...named, ...built].filter((k) => !known.has(k))).toEqual([]);
  });

  it('use the spec §8 sending error in English', () => {
    expect(en.messaging.composer.sendError).toBe('Sending error. Please try again later.');
  });
});
