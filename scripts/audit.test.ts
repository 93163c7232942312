/**
 * scripts/audit.mjs against the audit stand-in: the real `npm audit` reads a small project's lockfile and asks the
 * stand-in (on loopback) for advisories and packuments, as it would ask the registry. Nothing is downloaded.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { startAuditStandIn } from './audit-stand-in.mjs';

const script = path.join(import.meta.dirname, 'audit.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'prsp-audit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// `ms` is a production dependency, `semver` a development one; npm audit needs only the lockfile.
const manifest = { name: 'audit-fixture', version: '1.0.0', dependencies: { ms: '^2.1.0' }, devDependencies: { semver: '^7.5.0' } };
writeFileSync(path.join(work, 'package.json'), JSON.stringify(manifest));
writeFileSync(
  path.join(work, 'package-lock.json'),
  JSON.stringify({
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': manifest,
      'node_modules/ms': { version: '2.1.2' },
      'node_modules/semver': { version: '7.5.0', dev: true },
    },
  }),
);

const advisory = (id: number, name: string, severity: string, range: string) => ({
  id,
  url: `https://github.com/advisories/GHSA-test-${id}`,
  title: `${name} test advisory ${id}`,
  severity: severity as 'high',
  vulnerable_versions: range,
  cwe: ['CWE-1333'],
  cvss: { score: 7.5, vectorString: null },
});

type Fixture = Parameters<typeof startAuditStandIn>[0];

/** Runs the audit script in the project against a stand-in serving `fixture`, with a fresh npm cache. */
async function audit(fixture: Fixture) {
  const standIn = await startAuditStandIn(fixture);
  const cache = mkdtempSync(path.join(work, 'cache-'));
  try {
    // Asynchronous, so that this process's stand-in can answer while npm runs.
    const run = promisify(execFile)(process.execPath, [script, '--registry', standIn.registry, '--cache', cache], {
      cwd: work,
    });
    const { code, stdout, stderr } = await run.then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );
    return { code, output: `${stdout}${stderr}`, registry: standIn.registry, requests: standIn.requests };
  } finally {
    await standIn.close();
  }
}

test('a high advisory with a fixed version in range fails the audit, naming the package, the advisory and the fix', async () => {
  const result = await audit({
    advisories: { ms: [advisory(1, 'ms', 'high', '<2.1.3')] },
    versions: { ms: ['2.1.2', '2.1.3'] },
  });
  expect(result.code).toBe(1);
  expect(result.output).toContain('ms (high): ms test advisory 1 https://github.com/advisories/GHSA-test-1');
  expect(result.output).toContain('fix: npm audit fix');
});

test('a critical advisory fixed only in the next major version fails too, naming the version', async () => {
  const result = await audit({
    advisories: { ms: [advisory(2, 'ms', 'critical', '<3.0.0')] },
    versions: { ms: ['2.1.2', '3.0.0'] },
  });
  expect(result.code).toBe(1);
  expect(result.output).toContain('ms (critical)');
  expect(result.output).toContain('fix: npm audit fix --force (ms@3.0.0, semver major)');
});

test('a moderate advisory passes, and development dependencies are not audited', async () => {
  const result = await audit({
    advisories: { ms: [advisory(3, 'ms', 'moderate', '<2.1.3')], semver: [advisory(4, 'semver', 'high', '<7.5.2')] },
    versions: { ms: ['2.1.2', '2.1.3'], semver: ['7.5.0', '7.5.2'] },
  });
  expect(result.code).toBe(0);
  expect(result.output).toContain('(0 critical, 0 high, 1 moderate, 0 low, 0 info)');
  // npm asked about the production dependency alone.
  expect(result.requests[0]).toMatchObject({ method: 'POST', body: { ms: ['2.1.2'] } });
  expect(result.requests[0]?.body).not.toHaveProperty('semver');
});

test('a high advisory without a fixed version passes, with a warning naming it', async () => {
  const result = await audit({ advisories: { ms: [advisory(5, 'ms', 'high', '<=2.1.2')] }, versions: { ms: ['2.1.2'] } });
  expect(result.code).toBe(0);
  expect(result.output).toContain('(0 critical, 1 high, 0 moderate, 0 low, 0 info)');
  expect(result.output).toContain('⚠ ms (high, no fix yet): ms test advisory 5');
});

test('a registry without the audit endpoint (405) is reported as unavailable with exit 2, not as no advisories', async () => {
  const result = await audit({ bulkStatus: 405 });
  expect(result.code).toBe(2);
  expect(result.output).toContain(`dependency audit unavailable: ${result.registry} answered 405`);
});
