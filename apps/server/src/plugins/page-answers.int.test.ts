import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_ANSWERS_ID } from '@prsp/contracts';
import { onboard, organisationBySlug, signedIn } from '../modules/patients/patient.steps';
import { TestBrowser } from '../test/http-client';
import { startTestApp, type TestApp } from '../test/test-app';
import { withPageAnswers } from './page-answers';

const INDEX = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const PATIENT = '010190-124N';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'prsp-page-answers-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

/** The answers a page carries, by API path. */
function answersIn(html: string): Record<string, { status: string; statusCode?: number; data?: unknown }> {
  const json = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">(.*?)</script>`).exec(html)?.[1];
  expect(json, 'the page carries its answers').toBeDefined();
  return JSON.parse(json!) as Record<string, { status: string; statusCode?: number; data?: unknown }>;
}

describe('the patient page carries the answers its guards ask for', () => {
  test('signed out: the session answer only (101), and the CSRF cookie the API would have set', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const res = await browser.fetch('/authentication');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answers = answersIn(await res.text());
    expect(Object.keys(answers)).toEqual(['/api/auth/check']);
    expect(answers['/api/auth/check']).toMatchObject({ status: 'error', statusCode: 101 });
    expect(browser.cookie('prsp_csrf')).toMatch(/.{20,}/);
  });

  test('its only inline script element is data the browser never runs, and the CSP allows no inline script', async () => {
    const res = await new TestBrowser(t.baseUrl).fetch('/authentication');
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attributes) => !/\bsrc=/.test(attributes));
    expect(inline).toEqual([` type="application/json" id="${PAGE_ANSWERS_ID}"`]);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toBe("'self'");
  });

  test('signed in: the same answers as the API gives to the same cookies', async () => {
    const browser = await signedIn(t, PATIENT);
    const { id } = await organisationBySlug(t, 'espoo-demo');
    await onboard(browser, id);
    const answers = answersIn(await (await browser.fetch('/landing')).text());
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/check', '/api/config', '/api/patient/status']);
    for (const [route, answer] of Object.entries(answers)) {
      expect(answer.status, route).toBe('ok');
      const direct = (await (await browser.fetch(route)).json()) as { data: { expiresAt?: string } };
      if (route === '/api/auth/check') expect(answer.data).toMatchObject({ authenticated: true });
      else expect(answer.data, route).toEqual(direct.data);
    }
  });

  test('compressed as the browser accepts', async () => {
    const res = await fetch(new URL('/landing', t.baseUrl), { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('cookie');
    // fetch has decoded it, as a browser would.
    expect(answersIn(await res.text())['/api/auth/check']).toMatchObject({ statusCode: 101 });
    const raw = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then(({ get }) =>
        get(new URL('/landing', t.baseUrl), { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts)));
        }).on('error', reject),
      );
    });
    expect(gunzipSync(raw).toString()).toContain(PAGE_ANSWERS_ID);
  });

  test.each(['/expert', '/expert/schedule', '/admin/services'])('a staff page (%s) carries none', async (route) => {
    const res = await fetch(new URL(route, t.baseUrl));
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(PAGE_ANSWERS_ID);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

test('no text in an answer can close the element that carries it', () => {
  const html = withPageAnswers(INDEX, { '/api/config': { status: 'ok', data: { name: '</script><script>alert(1)</script><!--' } } });
  const element = /<script type="application\/json"[^>]*>(.*?)<\/script>/.exec(html)![1]!;
  expect(element).not.toMatch(/</);
  expect((JSON.parse(element) as { '/api/config': { data: { name: string } } })['/api/config'].data.name).toBe(
    '</script><script>alert(1)</script><!--',
  );
});
