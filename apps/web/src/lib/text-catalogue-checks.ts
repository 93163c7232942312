// For the text tests beside each area and feature (`*-texts.test.ts`); never imported by the app.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** Every key path of a nested text catalogue ('messaging.composer.send'). */
export function textKeys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? textKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The three languages have the same keys, and no text is empty. */
export function expectMatchingCatalogues(fi: object, sv: object, en: object): void {
  expect(textKeys(sv).sort()).toEqual(textKeys(fi).sort());
  expect(textKeys(en).sort()).toEqual(textKeys(fi).sort());
  const empty = [fi, sv, en].flatMap((texts) =>
    textKeys(texts).filter((key) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts) === ''),
  );
  expect(empty).toEqual([]);
}

/** The source files (not tests) in a folder, and in its subfolders when `deep`. */
export function sourcesIn(dir: string, deep = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return deep ? sourcesIn(full, true) : [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The whole keys of a namespace ('video') that the files name as string literals ('video.controls.mute'). */
export function keysNamedIn(files: readonly string[], namespace: string): string[] {
  const literal = new RegExp(`'(${namespace}\\.[A-Za-z.]+[A-Za-z])'`, 'g');
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1]!));
}

/** The keys a catalogue lacks in any language, as 'sv:admin.menu.home'; a plural key counts by its `_one` form. */
export function missingTexts(keys: Iterable<string>, catalogues: { fi: object; sv: object; en: object }): string[] {
  return Object.entries(catalogues).flatMap(([language, texts]) => {
    const known = new Set(textKeys(texts).map((key) => key.replace(/_(one|other)$/, '')));
    return [...keys].filter((key) => !known.has(key)).map((key) => `${language}:${key}`);
  });
}
