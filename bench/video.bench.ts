/**
 * Video benchmark (issue 10): in Debian's Chromium with the synthetic camera and microphone, the time from pressing
 * 'join' to the first remote frame in a one-to-one call, peer to peer (VIDEO_PROVIDER=mesh) beside the same through
 * Janus (VIDEO_PROVIDER=janus, Janus in a network namespace joined to the host by a veth pair); then the app server's
 * CPU during a three-party call of BENCH_DURATION seconds (default 30) in each, with Janus's own CPU beside it.
 * See bench/README.md ('npm run bench:video').
 *
 * Each pass starts an app server of its own (a child process: its CPU is read from /proc/<pid>/stat) on a fresh
 * PGlite database, books the appointments through the admin API and drives the pages as the journeys do
 * (e2e/video-steps.ts). Times are taken in the pages, on the machine's clock: from the click on 'join' to the moment
 * a remote <video> has a frame (videoWidth > 0), on the joiner's side and on the side already in the call.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import {
  bookVideoAppointment,
  expertAccepts,
  expertOpensGroup,
  expertSignsIn,
  newPerson,
  patientStarts,
  videoPanel,
} from '../e2e/video-steps';
import { type Janus, janusMissing, startJanusInNamespace } from '../e2e/support/media-servers';
import { latencyOf, ms, table } from './harness';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');

type Provider = 'mesh' | 'janus';
type Pass = {
  provider: Provider;
  joiner: number[];
  inCall: number[];
  serverCpu: number;
  janusCpu: number | null;
  serverIdleCpu: number;
};

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Percent of one core a process used over `seconds`. */
async function cpuOver(pids: number[], seconds: number): Promise<number[]> {
  const before = pids.map(cpuSeconds);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return pids.map((pid, i) => ((cpuSeconds(pid) - before[i]!) / seconds) * 100);
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The app server as `npm run serve` starts it, in a child process, on a fresh PGlite database. */
async function startServer(extra: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prsp-bench-video-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_CATCHER_PORT: '0',
      WEB_DIST: webDist,
      ...extra,
    },
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the app server did not get ready in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser whose contexts open on the server under test. Scripts evaluated in the pages are compiled by tsx,
 * which names functions through a `__name` helper: the pages get a no-op one.
 */
async function launch(baseURL: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ baseURL, locale: 'fi-FI', viewport: { width: 1280, height: 800 }, ...options });
    await context.addInitScript('globalThis.__name = (f) => f;');
    return context;
  };
  return browser;
}

/** Arms a page to note when 'join' is pressed and when `peers` remote videos first have a frame. */
async function arm(page: Page, peers: number): Promise<void> {
  await page.evaluate(`(() => {
    const bench = (window.__bench = { pressed: 0, frame: 0 });
    if (!window.__benchClick) {
      window.__benchClick = true;
      document.addEventListener('click', (e) => {
        const b = e.target instanceof Element ? e.target.closest('button') : null;
        if (b && /^Liity/.test(b.textContent || '')) window.__bench.pressed = Date.now();
      }, true);
    }
    const tick = () => {
      if (window.__bench !== bench) return;
      const playing = [...document.querySelectorAll('video[data-peer-id]')].filter((v) => v.videoWidth > 0);
      if (playing.length >= ${peers}) bench.frame = Date.now();
      else setTimeout(tick, 2);
    };
    tick();
  })()`);
}

async function benchState(page: Page): Promise<{ pressed: number; frame: number }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = (await page.evaluate('window.__bench')) as { pressed: number; frame: number };
    if (state.frame > 0) return state;
    if (Date.now() > deadline) throw new Error('no remote frame within 30 s');
    await page.waitForTimeout(20);
  }
}

async function pressJoin(scope: Page | Locator): Promise<void> {
  const panel = videoPanel(scope);
  await panel.getByRole('button', { name: /^Liity/ }).click();
  await panel.getByRole('group', { name: 'Puhelun painikkeet' }).waitFor();
}

async function leave(page: Page): Promise<void> {
  const panel = videoPanel(page);
  await panel.getByRole('button', { name: 'Poistu videopuhelusta' }).click();
  await panel.getByRole('button', { name: 'Liity uudelleen' }).waitFor();
}

async function runPass(provider: Provider): Promise<Pass> {
  let janus: Janus | null = null;
  if (provider === 'janus') janus = await startJanusInNamespace();
  const server = await startServer(
    janus ? { VIDEO_PROVIDER: 'janus', JANUS_URL: janus.url, JANUS_PUBLIC_URL: janus.url, JANUS_ADMIN_KEY: janus.adminKey } : {},
  );
  const browser = await launch(server.url);
  try {
    // One-to-one: the expert is in the call; the patient presses 'join' RUNS times (leaving in between).
    const person = newPerson('Bengt', 'Bench');
    const oneToOne = await bookVideoAppointment(browser, { kind: 'oneOnOne', patient: person });
    const patient = await patientStarts(browser, person, oneToOne.name);
    const expert = await expertSignsIn(browser);
    const workspace = await expertAccepts(expert, `${person.given} ${person.family}`);
    await pressJoin(workspace);
    const joiner: number[] = [];
    const inCall: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await arm(patient, 1);
      await arm(expert, 1);
      await pressJoin(patient);
      const p = await benchState(patient);
      const e = await benchState(expert);
      joiner.push(p.frame - p.pressed);
      inCall.push(e.frame - p.pressed);
      await leave(patient);
    }
    await expert.context().close();
    await patient.context().close();

    // The server at rest, then during a three-party call (the doctor and two patients).
    const [serverIdleCpu] = await cpuOver([server.child.pid!], Math.min(10, DURATION_S));
    const people = [newPerson('Berit', 'Bench'), newPerson('Bruno', 'Bench')];
    const group = await bookVideoAppointment(browser, { kind: 'group', patients: people });
    const pages = [await patientStarts(browser, people[0]!, group.name), await patientStarts(browser, people[1]!, group.name)];
    const host = await expertSignsIn(browser);
    const chat = await expertOpensGroup(host, people[0]!.family);
    for (const page of [host, ...pages]) await arm(page, 2);
    await pressJoin(chat);
    for (const page of pages) await pressJoin(page);
    for (const page of [host, ...pages]) await benchState(page);
    const pids = [server.child.pid!, ...(janus ? [janus.pid] : [])];
    const [serverCpu, janusCpu] = await cpuOver(pids, DURATION_S);
    return { provider, joiner, inCall, serverCpu: serverCpu!, janusCpu: janus ? janusCpu! : null, serverIdleCpu: serverIdleCpu! };
  } finally {
    await browser.close();
    await server.stop();
    await janus?.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no web build in ${webDist}: run 'npm run build' first (or set WEB_DIST)`);
  const cpus = os.cpus();
  console.log(`node ${process.version} on ${os.platform()}/${os.arch()}, ${cpus.length} CPU (${cpus[0]?.model.trim() ?? 'unknown'})`);
  console.log(
    `${execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}, ` +
      `synthetic camera and microphone; ${RUNS} joins per provider; a three-party call measured for ${DURATION_S} s`,
  );
  const passes: Pass[] = [];
  passes.push(await runPass('mesh'));
  const missing = janusMissing();
  if (missing) console.log(`Janus pass skipped: ${missing}`);
  else passes.push(await runPass('janus'));

  const row = (p: Pass, side: 'joiner' | 'inCall') => {
    const l = latencyOf(p[side]);
    return [
      p.provider,
      side === 'joiner' ? 'the one who pressed join' : 'the one already in the call',
      ms(l.p50),
      ms(l.max),
      String(l.count),
    ];
  };
  console.log('');
  console.log('Time from pressing join to the first remote frame, one-to-one (ms)');
  console.log(
    table(
      ['provider', 'side', 'median', 'max', 'joins'],
      passes.flatMap((p) => [row(p, 'joiner'), row(p, 'inCall')]),
      2,
    ),
  );
  console.log('');
  console.log(`CPU during a three-party call (% of one core, over ${DURATION_S} s)`);
  console.log(
    table(
      ['provider', 'app server at rest', 'app server in call', 'Janus', 'server + Janus'],
      passes.map((p) => [
        p.provider,
        p.serverIdleCpu.toFixed(1),
        p.serverCpu.toFixed(1),
        p.janusCpu === null ? '-' : p.janusCpu.toFixed(1),
        (p.serverCpu + (p.janusCpu ?? 0)).toFixed(1),
      ]),
      1,
    ),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
