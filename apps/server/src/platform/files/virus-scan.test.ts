import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { receivedFile } from '../../test/received-file';
import { AppError } from '../app-error';
import type { ReceivedFile } from './multipart-reader';
import { clamdScanner, clamdTarget, createVirusScanner, parseAnswer, type ClamdTarget } from './virus-scan';

/** What a fake clamd received on one connection: the command and the chunks, as framed on the wire. */
type Received = { command: string; chunks: number[]; body: Buffer; terminated: boolean };

/** Parses INSTREAM framing from the bytes so far; `null` while the stream has not ended. */
function unframe(bytes: Buffer): Received | null {
  const command = bytes.subarray(0, bytes.indexOf(0) + 1).toString('latin1');
  let at = command.length;
  const chunks: number[] = [];
  const parts: Buffer[] = [];
  while (at + 4 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    if (length === 0) return { command, chunks, body: Buffer.concat(parts), terminated: true };
    if (at + 4 + length > bytes.length) return null;
    chunks.push(length);
    parts.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return null;
}

/** A fake clamd: `answer` decides what it does with each connection once the stream has ended (or at once). */
async function fakeClamd(behaviour: (socket: Socket, received: Received | null) => void, opts: { atConnect?: boolean } = {}) {
  const seen: Received[] = [];
  const server: Server = createServer((socket) => {
    openSockets.push(socket);
    if (opts.atConnect) return behaviour(socket, null);
    let bytes = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const received = unframe(bytes);
      if (received) {
        seen.push(received);
        behaviour(socket, received);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  servers.push(server);
  return { target: { host: '127.0.0.1', port } as ClamdTarget, seen };
}

const servers: Server[] = [];
/** A net server closes only once its connections are gone: a test that stops early leaves some open. */
const openSockets: Socket[] = [];
afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.destroy();
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

const pdf = () => receivedFile('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');

async function scanError(scan: Promise<unknown>): Promise<AppError> {
  const err = await scan.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("clamd's answers", () => {
  test('OK is clean, FOUND names the signature, anything else is an error', () => {
    expect(parseAnswer('stream: OK\0')).toEqual({ infected: false });
    expect(parseAnswer('stream: Win.Test.EICAR_HDB-1 FOUND')).toEqual({ infected: true, signature: 'Win.Test.EICAR_HDB-1' });
    expect(parseAnswer('INSTREAM size limit exceeded. ERROR')).toEqual({ error: 'INSTREAM size limit exceeded. ERROR' });
    expect(parseAnswer('stream: Can not allocate memory ERROR\n')).toEqual({ error: 'stream: Can not allocate memory ERROR' });
    expect(parseAnswer('')).toEqual({ error: '(an empty answer)' });
    // Only clamd's exact shapes count: a line that merely mentions OK is no verdict.
    expect(parseAnswer('stream: OKAY')).toEqual({ error: 'stream: OKAY' });
  });
});

describe('the INSTREAM client', () => {
  test('sends the file in length-prefixed chunks ended by a zero length, and reads the verdict', async () => {
    const clamd = await fakeClamd((socket) => socket.end('stream: OK\0'));
    const bytes = Buffer.alloc(200_000, 7);
    const verdict = await clamdScanner(clamd.target, 5000).scan(receivedFile('file', bytes, 'big.pdf'));
    expect(verdict).toEqual({ infected: false });
    const [received] = clamd.seen;
    expect(received!.command).toBe('zINSTREAM\0');
    expect(received!.terminated).toBe(true);
    expect(received!.body.equals(bytes)).toBe(true);
    expect(Math.max(...received!.chunks)).toBeLessThanOrEqual(64 * 1024);
  });

  test('streams the file as it is read instead of reading it whole first', async () => {
    let reads = 0;
    const file: ReceivedFile = {
      ...pdf(),
      open: () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < 3; i++) yield (reads++, Buffer.from(`part ${i}`));
          })(),
        ),
      read: () => Promise.reject(new Error('the scanner must not read the file whole')),
    };
    const clamd = await fakeClamd((socket) => socket.end('stream: OK\0'));
    await clamdScanner(clamd.target, 5000).scan(file);
    expect(reads).toBe(3);
    expect(clamd.seen[0]!.body.toString()).toBe('part 0part 1part 2');
  });

  test('a signature found is the verdict, with its name', async () => {
    const clamd = await fakeClamd((socket) => socket.end('stream: Eicar-Signature FOUND\0'));
    expect(await clamdScanner(clamd.target, 5000).scan(pdf())).toEqual({ infected: true, signature: 'Eicar-Signature' });
  });

  test('an error answer fails closed with 500', async () => {
    const clamd = await fakeClamd((socket) => socket.end('INSTREAM size limit exceeded. ERROR\0'));
    const err = await scanError(clamdScanner(clamd.target, 5000).scan(pdf()));
    expect(err.code).toBe(500);
    expect(err.message).toMatch(/size limit exceeded/);
  });

  test('clamd closing the connection as soon as it opens, without an answer, fails closed', async () => {
    const clamd = await fakeClamd((socket) => socket.destroy(), { atConnect: true });
    expect((await scanError(clamdScanner(clamd.target, 5000).scan(pdf()))).code).toBe(500);
  });

  test('a clamd that never answers fails closed after the timeout', async () => {
    const clamd = await fakeClamd(() => {});
    const started = Date.now();
    const err = await scanError(clamdScanner(clamd.target, 300).scan(pdf()));
    expect(err.code).toBe(500);
    expect(err.message).toMatch(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('a clamd that cannot be reached fails closed', async () => {
    const clamd = await fakeClamd(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const err = await scanError(clamdScanner(clamd.target, 5000).scan(pdf()));
    expect(err.code).toBe(500);
    expect(err.message).toMatch(/could not be reached/);
  });

  test('a file that cannot be read fails the scan', async () => {
    const clamd = await fakeClamd(() => {});
    const file: ReceivedFile = {
      ...pdf(),
      open: () =>
        new Readable({
          read() {
            this.destroy(new Error('disk gone'));
          },
        }),
    };
    const err = await scanError(clamdScanner(clamd.target, 5000).scan(file));
    expect(err.message).toMatch(/could not be read for scanning: disk gone/);
  });

  test('speaks over a Unix socket too', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prsp-clamd-sock-'));
    const socketPath = path.join(dir, 'clamd.ctl');
    const server = createServer((socket) => {
      let bytes = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        if (unframe(bytes)) socket.end('stream: OK\0');
      });
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    servers.push(server);
    try {
      const scanner = createVirusScanner({ clamdUrl: `unix://${socketPath}`, timeoutMs: 5000 });
      expect(await scanner!.scan(pdf())).toEqual({ infected: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  test('no CLAMD_URL, no scanner', () => {
    expect(createVirusScanner(loadConfig({}).virusScan)).toBeNull();
  });

  test('CLAMD_URL names a TCP address with a port or a Unix socket path', () => {
    expect(loadConfig({ CLAMD_URL: 'tcp://127.0.0.1:3310', CLAMD_TIMEOUT_MS: '5000' }).virusScan).toEqual({
      clamdUrl: 'tcp://127.0.0.1:3310',
      timeoutMs: 5000,
    });
    expect(loadConfig({}).virusScan.timeoutMs).toBe(30_000);
    expect(clamdTarget('tcp://clamd.internal:3310')).toEqual({ host: 'clamd.internal', port: 3310 });
    expect(clamdTarget('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(clamdTarget('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    for (const bad of ['http://127.0.0.1:3310', 'tcp://127.0.0.1', 'unix://clamd.ctl', 'clamd:3310'])
      expect(() => loadConfig({ CLAMD_URL: bad }), bad).toThrow(/CLAMD_URL/);
    expect(() => loadConfig({ CLAMD_TIMEOUT_MS: '10' })).toThrow(/CLAMD_TIMEOUT_MS/);
  });
});
