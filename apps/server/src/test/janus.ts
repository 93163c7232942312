import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './test-app';

/** Where Debian's `janus` package puts its plugins and transports (the first that exists). */
const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus'];
const JANUS_BIN = ['/usr/bin/janus', '/usr/local/bin/janus'];

export type JanusOptions = {
  /** A command the `janus` command line is prefixed with, e.g. `['ip', 'netns', 'exec', 'ns1']`. */
  wrap?: string[];
  /** The address the WebSocket transport binds to (all interfaces when unset: the right thing inside a namespace). */
  bindIp?: string;
  /** Where this process reaches the transport (127.0.0.1 unless Janus runs behind `wrap` elsewhere). */
  reachHost?: string;
  /** The videoroom plugin's `admin_key` (room creation needs it when set). */
  adminKey?: string;
  /** Extra lines for janus.jcfg's `nat` section (e.g. `ice_enforce_list = "veth1"`). */
  nat?: string[];
};

export type RunningJanus = {
  /** The WebSocket address (protocol `janus-protocol`) this process reaches Janus on. */
  url: string;
  port: number;
  /** What Janus printed so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
};

function libDir(): string {
  const dir = LIB_DIRS.find((d) => existsSync(path.join(d, 'plugins', 'libjanus_videoroom.so')));
  if (!dir) throw new Error(`Janus's videoroom plugin was not found in ${LIB_DIRS.join(', ')}: install the Debian package 'janus'`);
  return dir;
}

export function janusBinary(): string {
  const bin = JANUS_BIN.find((b) => existsSync(b));
  if (!bin) throw new Error(`janus is not installed (looked for ${JANUS_BIN.join(', ')}): install the Debian package 'janus'`);
  return bin;
}

async function waitForPort(host: string, port: number, until: number, exited: () => string | null): Promise<void> {
  for (;;) {
    const gone = exited();
    if (gone) throw new Error(gone);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`janus did not open ${host}:${port} in time`);
    // A connection refused comes back at once: a short pause between tries, not a fixed sleep before the first.
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Janus with only what the product uses: the videoroom plugin and the WebSocket transport, on a free port, from a
 * configuration folder of its own in a temporary directory (the system's /etc/janus is not read). `stop()` ends it
 * and removes the folder. Throws, never skips, when Janus is not installed.
 */
export async function startJanus(opts: JanusOptions = {}): Promise<RunningJanus> {
  const bin = janusBinary();
  const lib = libDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'prsp-janus-'));
  for (const sub of ['plugins', 'transports', 'events', 'loggers']) await mkdir(path.join(dir, sub));
  await symlink(path.join(lib, 'plugins', 'libjanus_videoroom.so'), path.join(dir, 'plugins', 'libjanus_videoroom.so'));
  await symlink(path.join(lib, 'transports', 'libjanus_websockets.so'), path.join(dir, 'transports', 'libjanus_websockets.so'));
  const port = await freePort();
  await writeFile(
    path.join(dir, 'janus.jcfg'),
    [
      'general: {',
      `  configs_folder = "${dir}"`,
      `  plugins_folder = "${dir}/plugins"`,
      `  transports_folder = "${dir}/transports"`,
      `  events_folder = "${dir}/events"`,
      `  loggers_folder = "${dir}/loggers"`,
      '  debug_level = 4',
      '  session_timeout = 60',
      '}',
      'media: {',
      '  rtp_port_range = "20000-40000"',
      '}',
      'nat: {',
      ...(opts.nat ?? []).map((l) => `  ${l}`),
      '}',
      'plugins: {',
      '}',
      'transports: {',
      '}',
      'events: {',
      '}',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    [
      'general: {',
      '  json = "plain"',
      '  ws = true',
      `  ws_port = ${port}`,
      ...(opts.bindIp ? [`  ws_ip = "${opts.bindIp}"`] : []),
      '  wss = false',
      '}',
      'admin: {',
      '  admin_ws = false',
      '  admin_wss = false',
      '}',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'janus.plugin.videoroom.jcfg'),
    ['general: {', ...(opts.adminKey ? [`  admin_key = "${opts.adminKey}"`] : []), '}', ''].join('\n'),
  );

  const command = [...(opts.wrap ?? []), bin, '-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o'];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `janus exited (${code ?? signal}) before it was ready:\n${output}`;
  });
  child.once('error', (err) => {
    exit = `janus could not be started (${command.join(' ')}): ${err.message}`;
  });

  const host = opts.reachHost ?? '127.0.0.1';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(host, port, Date.now() + 20_000, () => exit);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `ws://${host}:${port}`, port, output: () => output, stop };
}
