import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './test-app';

/** Where Debian's `clamav-daemon` puts clamd. */
export const CLAMD_BIN = '/usr/sbin/clamd';

/** Why the tests that need a real clamd are skipped, or null when it is installed (npm test installs it as root on Debian). */
export const clamdMissing: string | null = existsSync(CLAMD_BIN)
  ? null
  : `${CLAMD_BIN} is missing: install the Debian package 'clamav-daemon' to run the virus-scan tests`;

/**
 * The EICAR anti-virus test file (eicar.org): harmless, and detected by every scanner as if it were a virus. Built
 * from two halves so that the repository itself does not hold it and scanners leave the repository alone.
 */
export function eicar(): Buffer {
  return Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR', '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''), 'latin1');
}

/** The name clamd reports for the test signature (the `.UNOFFICIAL` suffix marks a database that is not ClamAV's own). */
export const EICAR_SIGNATURE = 'Prsp.Test.EICAR.UNOFFICIAL';

export type RunningClamd = {
  /** The CLAMD_URL that reaches it. */
  url: string;
  port: number;
  /** What clamd printed so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
};

/** Asks clamd PING on a fresh connection; true when it answers PONG. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => socket.write('zPING\0'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\0')) done(answer.startsWith('PONG'));
    });
    socket.once('error', () => done(false));
    socket.once('end', () => done(false));
  });
}

/**
 * clamd on a free loopback port with a configuration of its own in a temporary directory (the system's
 * /etc/clamav is not read, no freshclam, no downloaded signatures): its database holds only a body signature for the
 * EICAR test string, so it starts in about a second. `streamMaxLength` is clamd's StreamMaxLength (12M unless a test
 * needs a smaller one). `stop()` ends it and removes the directory. Throws, never skips, when clamd is not installed.
 */
export async function startClamd(opts: { streamMaxLength?: string } = {}): Promise<RunningClamd> {
  if (clamdMissing) throw new Error(clamdMissing);
  const dir = await mkdtemp(path.join(tmpdir(), 'prsp-clamd-'));
  const db = path.join(dir, 'db');
  await mkdir(db);
  // An .ndb body signature (Name:TargetType:Offset:HexSignature): any file type, anywhere in the file.
  await writeFile(path.join(db, 'prsp-test.ndb'), `Prsp.Test.EICAR:0:*:${eicar().toString('hex')}\n`);
  const port = await freePort();
  const conf = path.join(dir, 'clamd.conf');
  await writeFile(
    conf,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${db}`,
      `TemporaryDirectory ${dir}`,
      `StreamMaxLength ${opts.streamMaxLength ?? '12M'}`,
      // No self-check reloads of the database during a test run.
      'SelfCheck 0',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(CLAMD_BIN, ['--config-file', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `clamd exited (${code ?? signal}) before it was ready:\n${output}`;
  });
  child.once('error', (err) => {
    exit = `clamd could not be started: ${err.message}`;
  });

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
    const until = Date.now() + 30_000;
    for (;;) {
      if (exit) throw new Error(exit);
      if (await pong(port)) break;
      if (Date.now() > until) throw new Error(`clamd did not answer PING on 127.0.0.1:${port} in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `tcp://127.0.0.1:${port}`, port, output: () => output, stop };
}
