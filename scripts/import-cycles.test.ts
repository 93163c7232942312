import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The one check for import cycles (import-x/no-cycle did it in lint at a fifth of lint's time, and skipped type-only
// imports): this walks every import and export of the sources, `import type` included, and finds the cycles among
// files and among the server's modules.
const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
const isSource = (f: string) =>
  /\.tsx?$/.test(f) && !/\.(test|dom\.test)\.tsx?$/.test(f) && !f.endsWith('.steps.ts') && !f.endsWith('.d.ts');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') return [];
    return statSync(full).isDirectory() ? files(full) : isSource(full) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(root, 'apps/web/src', spec.slice(2))
    : spec === '@prsp/contracts'
      ? path.join(root, 'packages/contracts/src/index')
      : spec.startsWith('@prsp/contracts/')
        ? path.join(root, 'packages/contracts/src', spec.slice('@prsp/contracts/'.length))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(from), spec)
          : undefined;
  if (!base) return undefined;
  const stem = base.replace(/\.(ts|tsx|js)$/, '');
  return ['.ts', '.tsx', '/index.ts'].map((ext) => stem + ext).find((f) => existsSync(f));
}

function graph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of SOURCES.flatMap((s) => files(path.join(root, s)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const to = new Set(importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== undefined && isSource(f)));
    edges.set(file, to);
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one member (a cycle), or a node importing itself. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || edges.get(v)?.has(v)) found.push(scc.map((f) => path.relative(root, f)).sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('no import cycles, type-only imports included', () => {
  const edges = graph();

  it('finds a cycle when there is one: two files importing each other, and a file importing itself', () => {
    const at = (f: string) => path.join(root, f);
    const planted = new Map([
      [at('a.ts'), new Set([at('b.ts')])],
      [at('b.ts'), new Set([at('a.ts')])],
      [at('c.ts'), new Set([at('c.ts')])],
      [at('d.ts'), new Set([at('a.ts')])],
    ]);
    expect(cycles(planted)).toEqual([['a.ts', 'b.ts'], ['c.ts']]);
  });

  it('among files', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it("among the server's modules", () => {
    const moduleOf = (f: string) => /apps\/server\/src\/modules\/([^/]+)\//.exec(f)?.[1];
    const modules = new Map<string, Set<string>>();
    for (const [from, tos] of edges) {
      const a = moduleOf(from);
      // Table files reference each other's keys (foreign keys): schema, not code.
      if (!a || from.endsWith('.tables.ts')) continue;
      for (const to of tos) {
        const b = moduleOf(to);
        if (b && b !== a) modules.set(a, (modules.get(a) ?? new Set()).add(b));
      }
    }
    expect(cycles(modules)).toEqual([]);
  });
});
