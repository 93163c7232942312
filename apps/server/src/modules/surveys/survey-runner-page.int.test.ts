import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A built web app in miniature: the app's page, the runner's page and one hashed asset.
  dist = await mkdtemp(path.join(tmpdir(), 'prsp-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'survey-runner.html'), '<!doctype html><title>runner</title>');
  await writeFile(path.join(dist, 'assets', 'surveyRunner-abc123.js'), 'export {};');
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (p: string) => fetch(new URL(p, t.baseUrl));

test('the runner page may be framed by the app only, under its own policy', async () => {
  const res = await get('/survey-runner');
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title>runner</title>');
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("connect-src 'self'");
  // Its styles come from its stylesheet; colours are set through the CSSOM, which CSP does not govern.
  expect(csp).toContain("style-src 'self';");
  expect(csp).not.toContain('unsafe-inline');
  expect(res.headers.get('x-frame-options')).toBeNull();
});

test("every other page may be framed by nobody, and the app's own policy lets it frame the runner", async () => {
  const res = await get('/survey/00000000-0000-4000-8000-000000000000');
  expect(await res.text()).toContain('<title>app</title>');
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/frame-src 'self'/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  // The runner's own file under its build name is not a way around the policy.
  expect((await get('/survey-runner.html')).headers.get('x-frame-options')).toBe('DENY');
});

test('hashed assets load into the sandboxed frame (CORS mode from the opaque origin)', async () => {
  const res = await get('/assets/surveyRunner-abc123.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect((await get('/')).headers.get('access-control-allow-origin')).toBeNull();
});
