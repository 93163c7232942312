// Media servers for the video journeys and the video bench: coturn on loopback, and Janus inside a network
// namespace joined to the host by a veth pair (Janus gathers no ICE candidates on loopback alone, and the kernel
// here has no `dummy` link type). Both run from Debian's packages with a configuration generated into a temp dir.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
export const JANUS = process.env.JANUS_PATH ?? '/usr/bin/janus';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Why coturn cannot run here, or null when it can. */
export function coturnMissing(): string | null {
  return existsSync(TURNSERVER) ? null : `coturn not installed (${TURNSERVER} missing; Debian: apt-get install coturn)`;
}

/** Why Janus in a namespace cannot run here, or null when it can. */
export function janusMissing(): string | null {
  if (!existsSync(JANUS)) return `janus not installed (${JANUS} missing; Debian: apt-get install janus)`;
  if (!isRoot()) return 'Janus runs in a network namespace, which needs root';
  if (!existsSync('/usr/sbin/ip') && !existsSync('/sbin/ip') && !existsSync('/usr/bin/ip')) return 'iproute2 (`ip`) missing';
  return null;
}

async function freeTcpPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what} ${exited}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/** What a video journey needs to know about the media server behind its app server (e2e/support/video-server.ts). */
export type MediaInfo = { mode: 'relay' | 'janus'; turnLog: string | null; janusUrl: string | null; janusPid: number | null };

/** Where video-server.ts writes its MediaInfo: in the run's data folder (PRSP_E2E_DIR, set by the config). */
export function mediaInfoFile(mode: 'relay' | 'janus'): string {
  const dir = process.env.PRSP_E2E_DIR;
  if (!dir) throw new Error('PRSP_E2E_DIR is not set (the Playwright config sets it)');
  return path.join(dir, `media-${mode}.json`);
}

export type Coturn = {
  /** `turn:127.0.0.1:<port>?transport=udp` and the TCP form, as TURN_URLS takes them (comma-separated). */
  urls: string[];
  secret: string;
  port: number;
  /** coturn's log file: one 'ALLOCATE processed, success' line per relay allocation. */
  logFile: string;
  stop: () => Promise<void>;
};

/** coturn on 127.0.0.1 with REST shared-secret credentials (use-auth-secret), loopback peers allowed. */
export async function startCoturn(options: { dir?: string } = {}): Promise<Coturn> {
  const missing = coturnMissing();
  if (missing) throw new Error(missing);
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'prsp-coturn-'));
  mkdirSync(dir, { recursive: true });
  const port = await freeTcpPort();
  const secret = randomBytes(16).toString('hex');
  const logFile = path.join(dir, 'turn.log');
  const minPort = 49_152 + (process.pid % 100) * 100;
  const config = [
    'listening-ip=127.0.0.1',
    `listening-port=${port}`,
    'relay-ip=127.0.0.1',
    `min-port=${minPort}`,
    `max-port=${minPort + 99}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=prsp.test',
    'fingerprint',
    'no-tls',
    'no-dtls',
    'allow-loopback-peers',
    'no-multicast-peers',
    'no-cli',
    'no-software-attribute',
    `log-file=${logFile}`,
    'simple-log',
    'verbose',
    `pidfile=${path.join(dir, 'turn.pid')}`,
    `userdb=${path.join(dir, 'turndb')}`,
  ].join('\n');
  const configFile = path.join(dir, 'turnserver.conf');
  writeFileSync(configFile, `${config}\n`);
  const child = spawn(TURNSERVER, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await waitFor('coturn', () => tcpOpen('127.0.0.1', port), child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return {
    urls: [`turn:127.0.0.1:${port}?transport=udp`, `turn:127.0.0.1:${port}?transport=tcp`],
    secret,
    port,
    logFile,
    stop: () => stopChild(child),
  };
}

/** How many relay allocations coturn has granted so far (from its log). */
export function coturnAllocations(logFile: string): number {
  if (!existsSync(logFile)) return 0;
  return readFileSync(logFile, 'utf8').match(/ALLOCATE processed, success/g)?.length ?? 0;
}

const NS_PREFIX = 'prsp-janus-';

function ip(...args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function deleteNamespace(name: string, hostLink: string): void {
  try {
    for (const pid of ip('netns', 'pids', name).split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  } catch {
    /* no such namespace */
  }
  // Deleting the namespace destroys its end of the pair, which takes the host end with it; delete both anyway.
  for (const args of [
    ['netns', 'del', name],
    ['link', 'del', hostLink],
  ]) {
    try {
      ip(...args);
    } catch {
      /* already gone */
    }
  }
}

/** Namespaces and links left by a test or bench run that crashed (their owner process is gone). */
export function cleanStaleNamespaces(): string[] {
  const cleaned: string[] = [];
  let list: string;
  try {
    list = ip('netns', 'list');
  } catch {
    return cleaned;
  }
  for (const line of list.split('\n')) {
    const match = new RegExp(`^${NS_PREFIX}(\\d+)`).exec(line.trim());
    if (!match) continue;
    const owner = Number(match[1]);
    if (owner === process.pid || alive(owner)) continue;
    deleteNamespace(`${NS_PREFIX}${owner}`, `prspvh${owner}`);
    cleaned.push(`${NS_PREFIX}${owner}`);
  }
  return cleaned;
}

export type Netns = {
  name: string;
  /** The host's end of the pair (10.213.n.1) and the namespace's (10.213.n.2). */
  hostAddress: string;
  nsAddress: string;
  /** Prefix for a command to run inside the namespace. */
  wrap: string[];
  remove: () => void;
};

/** A namespace `prsp-janus-<pid>` with a veth pair: 10.213.n.1/30 on the host, 10.213.n.2/30 inside, both up. */
export function createNamespace(): Netns {
  cleanStaleNamespaces();
  const name = `${NS_PREFIX}${process.pid}`;
  const hostLink = `prspvh${process.pid}`;
  const nsLink = `prspvj${process.pid}`;
  deleteNamespace(name, hostLink);
  const used = ip('-4', '-o', 'addr', 'show');
  let n = process.pid % 250;
  while (used.includes(`10.213.${n}.`)) n = (n + 1) % 250;
  const hostAddress = `10.213.${n}.1`;
  const nsAddress = `10.213.${n}.2`;
  try {
    ip('netns', 'add', name);
    ip('link', 'add', hostLink, 'type', 'veth', 'peer', 'name', nsLink);
    ip('link', 'set', nsLink, 'netns', name);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', hostLink);
    ip('link', 'set', hostLink, 'up');
    ip('-n', name, 'addr', 'add', `${nsAddress}/30`, 'dev', nsLink);
    ip('-n', name, 'link', 'set', nsLink, 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
  } catch (error) {
    deleteNamespace(name, hostLink);
    throw error;
  }
  return { name, hostAddress, nsAddress, wrap: ['ip', 'netns', 'exec', name], remove: () => deleteNamespace(name, hostLink) };
}

export type Janus = {
  /** ws://10.213.n.2:8188, reachable from the host (server and browsers alike), protocol `janus-protocol`. */
  url: string;
  adminKey: string;
  pid: number;
  netns: Netns;
  stop: () => Promise<void>;
};

/**
 * Janus (videoroom plugin, WebSocket transport only, through the server's test launcher `startJanus`) in a fresh
 * namespace. It announces only the namespace's veth address as its ICE candidate (`ice_enforce_list`), which
 * Chromium on the host reaches through the pair; the host reaches its WebSocket on the same address.
 */
export async function startJanusInNamespace(): Promise<Janus> {
  const missing = janusMissing();
  if (missing) throw new Error(missing);
  const { startJanus } = await import('../../apps/server/src/test/janus');
  const netns = createNamespace();
  const adminKey = randomBytes(12).toString('hex');
  try {
    const janus = await startJanus({
      wrap: netns.wrap,
      reachHost: netns.nsAddress,
      adminKey,
      nat: [`ice_enforce_list = "${netns.nsAddress}"`, 'ignore_mdns = true'],
    });
    return {
      url: janus.url,
      adminKey,
      pid: janusPid(netns.name),
      netns,
      stop: async () => {
        await janus.stop();
        netns.remove();
      },
    };
  } catch (error) {
    netns.remove();
    throw error;
  }
}

/** The Janus process inside the namespace (for the bench's CPU figures). */
function janusPid(namespace: string): number {
  const pids = ip('netns', 'pids', namespace).split('\n').filter(Boolean).map(Number);
  return (
    pids.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'janus';
      } catch {
        return false;
      }
    }) ??
    pids[0] ??
    0
  );
}
