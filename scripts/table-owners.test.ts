import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// docs/architecture.md 'Layers': a module writes only its own tables; what it needs changed elsewhere goes through
// the owner's service or an event. The owner of a table is the folder whose *.tables.ts defines it
// (modules/<m>, or platform/<area>); a repository's insert, update and delete name their table.
const src = path.resolve(import.meta.dirname, '../apps/server/src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
const ownerOf = (file: string) => {
  const [layer, area] = path.relative(src, file).split(path.sep);
  return layer === 'modules' || layer === 'platform' ? `${layer}/${area}` : layer!;
};

test('every repository writes only its own tables', () => {
  const files = walk(src);
  const owner = new Map<string, string>();
  for (const f of files.filter((f) => f.endsWith('.tables.ts')))
    for (const m of readFileSync(f, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) owner.set(m[1]!, ownerOf(f));
  expect(owner.size).toBeGreaterThan(40);

  const foreign: string[] = [];
  for (const f of files.filter((f) => f.endsWith('.repo.ts'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = owner.get(m[2]!);
      if (table && table !== ownerOf(f)) foreign.push(`${path.relative(src, f)}: ${m[1]} ${m[2]} (${table}'s)`);
    }
  }
  expect(foreign).toEqual([]);
});
