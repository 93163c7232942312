import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../test/test-app';
import { turnCredentials } from './video-ice';

/**
 * The credentials the server mints, against a real coturn (Debian's `coturn`) configured as docs/video.md says
 * (`use-auth-secret`, `static-auth-secret`): coturn's own client allocates a relay with them, and is refused with an
 * expired or a forged one. coturn missing is a failure (npm test installs it), never a skip.
 */
const SECRET = 'coturn-static-auth-secret-0001';
let turn: ChildProcess;
let dir: string;
let port: number;

/**
 * Runs coturn's client until it has said how the allocation went: refused ('Cannot complete Allocation'), or granted
 * (it then sends data through the relay: 'tot_send_msgs=1'). It would go on waiting for a peer's echo: it is stopped.
 */
function allocation(args: string[]): Promise<'granted' | 'refused'> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/turnutils_uclient', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const read = (c: Buffer) => {
      output += c.toString();
      const outcome = /Cannot complete Allocation/.test(output) ? 'refused' : /tot_send_msgs=[1-9]/.test(output) ? 'granted' : null;
      if (!outcome) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(outcome);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`turnutils_uclient ended without an outcome:\n${output}`));
    });
  });
}

async function waitForTcp(p: number, until: number) {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: p });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => (s.destroy(), resolve(false)));
    });
    if (open) return;
    if (turn.exitCode !== null || Date.now() > until) throw new Error('turnserver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  for (const bin of ['/usr/bin/turnserver', '/usr/bin/turnutils_uclient'])
    if (!existsSync(bin)) throw new Error(`${bin} is missing: install the Debian package 'coturn'`);
  dir = await mkdtemp(path.join(tmpdir(), 'prsp-coturn-'));
  port = await freePort();
  turn = spawn(
    '/usr/bin/turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=turn.test.example',
      '--fingerprint',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--min-port=49160',
      '--max-port=49400',
      '--allow-loopback-peers',
      `--userdb=${path.join(dir, 'turndb')}`,
      `--pidfile=${path.join(dir, 'turnserver.pid')}`,
      '--log-file=stdout',
    ],
    { stdio: 'ignore' },
  );
  await waitForTcp(port, Date.now() + 15_000);
}, 30_000);
afterAll(async () => {
  turn?.kill('SIGTERM');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** coturn's test client: one allocation on our port, with this username and password. */
const allocate = (username: string, credential: string) =>
  allocation([
    '-u',
    username,
    '-w',
    credential,
    '-p',
    String(port),
    '-n',
    '1',
    '-m',
    '1',
    '-l',
    '100',
    '-e',
    '127.0.0.1',
    '-X',
    '127.0.0.1',
  ]);

describe('coturn takes the TURN credentials the server mints', () => {
  test('fresh credentials allocate a relay', async () => {
    const c = turnCredentials(SECRET, '3f1c2d9e-aaaa-4bbb-8ccc-123456789abc', Date.now() / 1000 + 600);
    expect(await allocate(c.username, c.credential)).toBe('granted');
  });

  test('expired, or signed with another secret: refused', async () => {
    const expired = turnCredentials(SECRET, '3f1c2d9e-aaaa-4bbb-8ccc-123456789abc', Date.now() / 1000 - 10);
    expect(await allocate(expired.username, expired.credential)).toBe('refused');
    const forged = turnCredentials('another-secret-entirely-0001', '3f1c2d9e-aaaa-4bbb-8ccc-123456789abc', Date.now() / 1000 + 600);
    expect(await allocate(forged.username, forged.credential)).toBe('refused');
  });
});
