import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { VALID_CONTACT } from '../apps/server/src/modules/patients/patient-test-steps';
import { TestBrowser } from '../apps/server/src/test/http-client';
const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 3409;
const BASE = `http://localhost:${PORT}`;
const PATIENT_SSN = '010190-124N';
const SESSION_COOKIE = 'prsp_session';
function startServer(dataDir: string): ChildProcess {
  // Embedded PGlite and one instance: whatever database or Redis the shell names is left out.
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: path.join(dataDir, 'server'),
      DATABASE_URL: '',
      MAIL_CATCHER_PORT: '0',
    },
  });
  return child;
}

async function waitReady(server: ChildProcess | undefined): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become ready within 300 s');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

/**
 * Signs the demo patient in through the built-in identity provider and walks onboarding through the API (the
 * first organisation with bookings, contact details, terms, no welcome page), so landing and booking render.
 */
async function signedInPatientCookie(): Promise<string> {
  const browser = new TestBrowser(BASE);
  await browser.signIn(PATIENT_SSN);
  const list = await data<{ organisations: { id: string }[] }>(browser.fetch('/api/organisations'));
  let chosen: string | undefined;
  for (const { id } of list.organisations) {
    await post(browser, '/api/organisations/select', { selectedOrganisation: id });
    const config = await data<{ bookingsEnabled?: boolean }>(browser.fetch('/api/config'));
    if (config.bookingsEnabled) {
      chosen = id;
      break;
    }
  }
  if (!chosen) throw new Error('no seeded organisation has bookings enabled');
  await post(browser, '/api/contact', VALID_CONTACT);
  await post(browser, '/api/terms/accept');
  await post(browser, '/api/welcome', { dontShowAgain: true });
  const token = browser.cookie(SESSION_COOKIE);
  if (!token) throw new Error(`signing in gave no ${SESSION_COOKIE} cookie`);
  return token;
}

/**
 * Puts the session cookie into (or takes it out of) the browser's cookie jar, as signing in would. Lighthouse's
 * storage reset clears caches and storage but not cookies, and a Cookie header of its own (`extraHeaders`) would
 * not reach the page's fetch calls.
 */
async function setSessionCookie(port: number, token: string | undefined): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const session = await browser.target().createCDPSession();
    await session.send('Storage.clearCookies');
    if (token) {
      await session.send('Storage.setCookies', {
        cookies: [{ name: SESSION_COOKIE, value: token, url: BASE, path: '/', httpOnly: true, sameSite: 'Lax' }],
      });
    }
  } finally {
    await browser.disconnect();
  }
}

async function data<T>(answer: Promise<Response>): Promise<T> {
  const res = await answer;
  const body = (await res.json()) as { status: string; data: T };
  if (!res.ok || body.status !== 'ok') throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

function post(browser: TestBrowser, url: string, body?: unknown): Promise<unknown> {
  return data(
    browser.fetch(url, {
      method: 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }),
  );
}


type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
const dataDir = mkdtempSync(path.join(tmpdir(), 'prsp-prof-'));
const server = startServer(dataDir);
try {
  await waitReady(server);
  const cookie = await signedInPatientCookie();
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
  for (const pagePath of (process.argv[2] ?? '/landing').split(',')) {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.setCookies', { cookies: [{ name: SESSION_COOKIE, value: cookie, url: BASE, path: '/', httpOnly: true, sameSite: 'Lax' }] });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(BASE + pagePath, { waitUntil: 'networkidle0' });
    const loaded = Date.now() - t0;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
    const fn = new Map<string, number>();
    const file = new Map<string, number>();
    // inclusive time per function name too
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map<string, number>();
    for (const [id, us] of self) {
      const n = byId.get(id)!;
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      fn.set(k, (fn.get(k) ?? 0) + us);
      const f = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
      file.set(f, (file.get(f) ?? 0) + us);
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const c = byId.get(cur)!;
        const kk = `${c.callFrame.functionName || '(anon)'} ${c.callFrame.url.split('/').pop()}:${c.callFrame.lineNumber}`;
        if (seen.has(kk)) continue;
        seen.add(kk);
        incl.set(kk, (incl.get(kk) ?? 0) + us);
      }
    }
    const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
    console.log(`== ${pagePath} loaded in ${loaded} ms\n-- by file\n${top(file, 12)}\n-- self\n${top(fn, 30)}\n-- inclusive\n${top(incl, 50)}`);
    await ctx.close();
  }
  await browser.close();
} finally {
  await stopServer(server);
}
