import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { AppError } from '../app-error';
import type { ReceivedFile } from './multipart-reader';

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

export type VirusScanner = { scan(file: ReceivedFile): Promise<ScanVerdict> };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Scans uploads before they are stored; null when no scanner is configured (CLAMD_URL unset). */
    virusScanner: VirusScanner | null;
  }
}

export type VirusScanConfig = {
  /** `tcp://host:port` or `unix:///path/to/clamd.ctl`; unset: uploads are not scanned. */
  clamdUrl?: string;
  /** The longest a whole scan may take (connecting, sending the file, clamd's answer). */
  timeoutMs: number;
};

/** Where clamd listens: a TCP address or a Unix socket path. */
export type ClamdTarget = { host: string; port: number } | { path: string };

/** The scanner the configuration asks for: a clamd client, or null when CLAMD_URL is unset. */
export function createVirusScanner(config: VirusScanConfig): VirusScanner | null {
  if (!config.clamdUrl) return null;
  return clamdScanner(clamdTarget(config.clamdUrl), config.timeoutMs);
}

/** The socket address in a CLAMD_URL (validated by the configuration: tcp with host and port, or unix with a path). */
export function clamdTarget(url: string): ClamdTarget {
  const u = new URL(url);
  if (u.protocol === 'unix:') return { path: decodeURIComponent(u.pathname) };
  // An IPv6 address comes bracketed in a URL; the socket wants it bare.
  return { host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(u.port) };
}

/**
 * A client of clamd's INSTREAM command (clamd(8)): the file is sent as it is read from its spool file, in chunks each
 * prefixed by its length (4 bytes, big-endian), ended by a zero length; clamd answers one line.
 *
 * It fails closed: when clamd cannot be reached, does not answer within `timeoutMs`, or answers an error (among them
 * 'INSTREAM size limit exceeded' for a file over its StreamMaxLength, which must therefore be at least the largest
 * upload, 10 MB), the scan throws AppError 500 and the upload is refused. Storing a file that was configured to be
 * scanned but was not would hand it to the other party as if it had been checked; a patient or expert retrying later
 * is the lesser harm.
 */
export function clamdScanner(target: ClamdTarget, timeoutMs: number): VirusScanner {
  return {
    async scan(file) {
      let answer: string;
      try {
        answer = await instream(target, file.open(), timeoutMs);
      } catch (err) {
        throw new AppError(500, { detail: `virus scan failed: ${(err as Error).message}`, cause: err });
      }
      const verdict = parseAnswer(answer);
      if ('error' in verdict) throw new AppError(500, { detail: `virus scan failed: clamd answered '${verdict.error}'` });
      return verdict;
    },
  };
}

/** clamd's answer to INSTREAM: `stream: OK`, `stream: <signature> FOUND`, or `<reason> ERROR`. */
export function parseAnswer(answer: string): ScanVerdict | { error: string } {
  const line = answer.replace(/[\0\n]+$/, '');
  if (line === 'stream: OK') return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { infected: true, signature: found[1]! };
  return { error: line || '(an empty answer)' };
}

/** Length-prefixed chunks: at most this many bytes each (well under any StreamMaxLength clamd accepts). */
const CHUNK_BYTES = 64 * 1024;

/** Sends `source` to clamd with INSTREAM and resolves with its answer (up to the terminating NUL). */
export function instream(target: ClamdTarget, source: Readable, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = 'path' in target ? connect({ path: target.path }) : connect({ host: target.host, port: target.port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (err: Error | null, answer = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      source.destroy();
      if (err) reject(err);
      else resolve(answer);
    };
    const timer = setTimeout(() => finish(new Error(`clamd did not answer within ${timeoutMs} ms`)), timeoutMs);

    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const all = Buffer.concat(received);
      const end = all.indexOf(0);
      if (end >= 0) finish(null, all.subarray(0, end).toString('utf8'));
    });
    // clamd closes the connection after an error answer; an answer without its NUL still counts.
    socket.on('end', () =>
      received.length > 0
        ? finish(null, Buffer.concat(received).toString('utf8'))
        : finish(new Error('clamd closed the connection without an answer')),
    );
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(
        new Error(
          err.code === 'EPIPE' || err.code === 'ECONNRESET'
            ? `clamd closed the connection while the file was sent (${err.code}): is its StreamMaxLength below the file's size?`
            : `clamd could not be reached: ${err.message}`,
          { cause: err },
        ),
      ),
    );

    // Each write waits until the socket has taken the bytes, so a slow clamd holds back the reading of the file.
    const write = (bytes: Buffer) => new Promise<void>((done, fail) => socket.write(bytes, (err) => (err ? fail(err) : done())));
    const send = async () => {
      await write(Buffer.from('zINSTREAM\0'));
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
          const piece = bytes.subarray(at, at + CHUNK_BYTES);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(piece.length);
          await write(Buffer.concat([length, piece]));
        }
      }
      await write(Buffer.alloc(4));
    };
    socket.once('connect', () => {
      send().catch((err: Error) => {
        // A write refused by the socket is reported by its 'error' (or an answer already came); a file that could
        // not be read fails the scan here.
        if (!socket.destroyed) finish(new Error(`the file could not be read for scanning: ${err.message}`, { cause: err }));
      });
    });
  });
}
