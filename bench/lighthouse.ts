/**
 * Lighthouse (mobile, simulated throttling) against the built patient app, served by the real server on a fresh
 * embedded database, in Debian's Chromium. Pages: authentication (signed out), landing and booking (a signed-in,
 * onboarded demo patient). Prints a table and exits 1 when a page scores under the thresholds. See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { VALID_CONTACT } from '../apps/server/src/modules/patients/patient.steps';
import { TestBrowser } from '../apps/server/src/test/http-client';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3408);
const BASE = `http://localhost:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Each page is measured this many times and the median run (by performance score) is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const MIN_PERFORMANCE = 95;
const MIN_ACCESSIBILITY = 100;
/** The demo patient measured (the built-in identity provider's Aino Virtanen). */
const PATIENT_SSN = '010190-124N';
/** Outside production the session cookie has no `__Host-` prefix. */
const SESSION_COOKIE = 'prsp_session';

type PageCase = { name: string; path: string; signedIn: boolean };
const PAGES: PageCase[] = [
  { name: 'authentication', path: '/authentication', signedIn: false },
  { name: 'landing', path: '/landing', signedIn: true },
  { name: 'booking', path: '/book', signedIn: true },
];

type Result = {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed at the time (a quiet desktop is about 1000–2000). */
  benchmarkIndex: number;
  failing: string[];
};

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.error('the web app is not built: run `npm run build` first');
    return 2;
  }
  if (!existsSync(CHROME_PATH)) {
    console.error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH; this script never downloads a browser)`);
    return 2;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prsp-lighthouse-'));
  // LIGHTHOUSE_SERVER=running measures a server already listening on the port (while fixing what Lighthouse finds).
  const server = process.env.LIGHTHOUSE_SERVER === 'running' ? undefined : startServer(dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitReady(server);
    const cookie = await signedInPatientCookie();
    const userDataDir = path.join(dataDir, 'chrome');
    mkdirSync(userDataDir);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      userDataDir,
    });
    const results: Result[] = [];
    for (const page of PAGES) {
      await setSessionCookie(chrome.port, page.signedIn ? cookie : undefined);
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        console.error(`[lighthouse] ${page.name} (${BASE}${page.path}), run ${i + 1}/${RUNS}…`);
        runs.push(await audit(page, chrome.port));
      }
      runs.sort((a, b) => a.performance - b.performance);
      results.push(runs[Math.floor(runs.length / 2)]!);
    }
    printTable(results);
    const failed = results.filter((r) => r.performance < MIN_PERFORMANCE || r.accessibility < MIN_ACCESSIBILITY);
    for (const r of results) {
      if (r.failing.length) console.log(`\n${r.page}: audits below 1 —\n  ${r.failing.join('\n  ')}`);
    }
    if (failed.length) {
      console.error(
        `\nbelow the thresholds (performance ≥ ${MIN_PERFORMANCE}, accessibility ≥ ${MIN_ACCESSIBILITY}): ${failed.map((r) => r.page).join(', ')}`,
      );
      return 1;
    }
    return 0;
  } finally {
    await chrome?.kill();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app as `npm start` runs it (demo data, built-in identity provider), on its own port and a fresh data folder. */
function startServer(dataDir: string): ChildProcess {
  // Embedded PGlite and one instance: whatever database or Redis the shell names is left out.
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
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

/** One Lighthouse run with the default (mobile, simulated throttling) settings. */
async function audit(page: PageCase, port: number): Promise<Result> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const answer = await lighthouse(`${BASE}${page.path}`, flags);
  if (!answer) throw new Error(`Lighthouse gave no result for ${page.name}`);
  const { lhr } = answer;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, `${page.name}-${Date.now()}.json`), answer.report as string);
  }
  if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== page.path) throw new Error(`${page.name}: ended on ${finalUrl.pathname}, not ${page.path}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]!))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id} (${a.score}): ${a.displayValue ?? a.title}`);
  return {
    page: page.name,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failing,
  };
}

function printTable(results: Result[]): void {
  const rows = [
    ['page', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU index'],
    ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
    ...results.map((r) => [
      r.page,
      String(r.performance),
      String(r.accessibility),
      `${(r.fcp / 1000).toFixed(2)} s`,
      `${(r.lcp / 1000).toFixed(2)} s`,
      `${Math.round(r.tbt)} ms`,
      r.cls.toFixed(3),
      String(r.benchmarkIndex),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(
    `\nLighthouse 13 mobile (simulated throttling), median of ${RUNS} run(s) per page\n` +
      rows.map((row) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`).join('\n'),
  );
}

process.exitCode = await main();
