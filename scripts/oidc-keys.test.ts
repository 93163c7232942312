import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { rpKeySetProblem } from '../apps/server/src/modules/identity/rp-keys';

const script = path.join(import.meta.dirname, 'oidc-keys.mjs');
const run = (...args: string[]) =>
  JSON.parse(execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' })) as { keys: Record<string, string>[] };

describe('npm run oidc:keys (docs/identity.md)', () => {
  test.each([[[]], [['--rsa']]])('%j makes a key set the configuration takes: a signing and an encryption key', (args) => {
    const set = run(...args);
    expect(rpKeySetProblem(set)).toBeNull();
    expect(set.keys.map((k) => k.use)).toEqual(['sig', 'enc']);
  });

  test('--public prints the same keys without their private parts', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'prsp-oidc-keys-')), 'keys.json');
    const set = run();
    writeFileSync(file, JSON.stringify(set));
    const published = run('--public', file);
    expect(published.keys.map((k) => k.kid)).toEqual(set.keys.map((k) => k.kid));
    for (const key of published.keys) expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
  });
});
