import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { coturnMissing, janusMissing } from './support/media-servers';

/** Debian's Chromium, never a downloaded browser (scripts/test.mjs installs it when missing). */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// One fresh data folder per run, shared by the runner and its workers through the environment.
process.env.PRSP_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'prsp-e2e-'));
const dataDir = process.env.PRSP_E2E_DIR;

/**
 * The journeys run as one set, or as two groups side by side (scripts/test.mjs), each group a Playwright process of
 * its own (E2E_GROUP=1 or 2) with its own servers on its own ports and its own data folder. Group 1 holds the
 * journeys that need the video servers (relay, Janus) and the other long ones; group 2 is every other journey,
 * a new spec included, and the session-expiry server. The split balances the groups' measured times.
 */
const group = process.env.E2E_GROUP || undefined;
if (group !== undefined && group !== '1' && group !== '2') throw new Error(`E2E_GROUP must be 1 or 2, not '${group}'`);
const GROUP_1 = [
  'video.spec.ts',
  'video-relay.spec.ts',
  'video-janus.spec.ts',
  'device-check.spec.ts',
  'chat.spec.ts',
  'chat-history.spec.ts',
  'chat-self-assessment.spec.ts',
  'guest-entry.spec.ts',
  'expert-messaging.spec.ts',
  'expert-schedule.spec.ts',
  // Books the demo nurse from now: in group 2, admin-appointments' missed visit (settled, so never cleared) holds that time.
  'expert-print.spec.ts',
  'expert-surveys.spec.ts',
  'patient-messaging.spec.ts',
  'admin-messaging.spec.ts',
  'patient-survey.spec.ts',
  'presence.spec.ts',
];
// E2E_PORT_BASE moves every server of the run, so that two runs on one machine do not collide.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3210) + (group === '2' ? 10 : 0);

export const MAIN_PORT = portBase;
/** A second server with a 4-second idle limit, for the session-expiry journeys (group 2). */
export const EXPIRY_PORT = portBase + 1;
/** Video through coturn only (VIDEO_ICE_POLICY=relay), and video through Janus in a network namespace (group 1). */
export const RELAY_PORT = portBase + 2;
export const JANUS_PORT = portBase + 3;

/**
 * A server's command with its output, stdout and stderr, appended to `<port>.log` in the run's data folder: what it
 * logged is there to read when a journey hangs (.ci/run prints the logs' ends when the tests fail). Should the server
 * exit with an error, at the start or later, the log's last lines also go to stderr, which Playwright shows beside
 * the exit code. Playwright stops a server by signalling its process group: `trap : TERM` keeps the shell waiting for
 * the server through a graceful shutdown (the video servers stop their media servers), so Playwright waits for it too.
 */
function logged(command: string, port: number): string {
  const log = path.join(dataDir, `${port}.log`);
  return `trap : TERM; ${command} >>'${log}' 2>&1 || { code=$?; tail -n 50 '${log}' >&2; exit $code; }`;
}

const server = (port: number, extra: Record<string, string> = {}) => ({
  // What production runs: the build (`npm run build`, which npm test runs before the journeys).
  command: logged('node --enable-source-maps apps/server/dist/main.js', port),
  cwd: path.resolve(import.meta.dirname, '..'),
  url: `http://localhost:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: path.join(dataDir, String(port)),
    DATABASE_URL: '',
    MAIL_CATCHER_PORT: '0',
    ...extra,
  },
});

/** The app server behind a wrapper that first starts its media server (webServer starts before globalSetup). */
const videoServer = (port: number, mode: 'relay' | 'janus') => ({
  ...server(port),
  command: logged(`node --import tsx e2e/support/video-server.ts ${mode}`, port),
  // SIGTERM lets the wrapper stop coturn or Janus and remove the network namespace.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});
/** Why a video server is left out (its journeys skip with this reason), or null. */
export const mediaMissing = { relay: coturnMissing(), janus: janusMissing() };
/** Where a group keeps its results and report, so that the two do not clobber each other's. */
const groupDir = group ? `/group-${group}` : '';

export default defineConfig({
  testDir: '.',
  testMatch: group === '1' ? GROUP_1 : '*.spec.ts',
  testIgnore: group === '2' ? GROUP_1 : [],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A ceiling, not a target: every wait inside ends as soon as its condition holds. On a slower machine of the same
  // kind (two loaded cores, about 370 ns a system call) the longest journeys took over 60 s.
  timeout: 120_000,
  // Conditions, not sleeps: a wait ends as soon as its condition holds. The ceiling is above Playwright's 5 s because
  // on two cores a page under load (the video journeys most) sometimes took longer than that to show.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: `../playwright-report${groupDir}` }]],
  outputDir: `../test-results${groupDir}`,
  use: {
    baseURL: `http://localhost:${MAIN_PORT}`,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Video: a synthetic camera and microphone, permission granted, and ICE over loopback for peer to peer.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    server(MAIN_PORT),
    ...(group === '1' ? [] : [server(EXPIRY_PORT, { SESSION_IDLE_SECONDS: '4' })]),
    ...(mediaMissing.relay || group === '2' ? [] : [videoServer(RELAY_PORT, 'relay')]),
    ...(mediaMissing.janus || group === '2' ? [] : [videoServer(JANUS_PORT, 'janus')]),
  ],
});
