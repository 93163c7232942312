import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where file contents live: a directory on disk by default, or an S3-compatible bucket when several
 * instances must see the same files. Contents go in and out as streams; what a file is (type, size,
 * owner) is recorded in the `files` table, never taken from the store.
 */
export type FileStore = {
  readonly kind: 'disk' | 's3';
  /** Writes the whole stream under `key`; a reader never sees a half-written file. */
  put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void>;
  /** The contents under `key`; throws FileNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes `key`; removing what is not there is no error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
};

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}

const KEY = /^[0-9a-f]{32}$/;

/** A new random key (128 bits as hex): never derived from a name a client sent, so it cannot point anywhere else. */
export function newFileKey(): string {
  return randomBytes(16).toString('hex');
}

/** Refuses anything but a key `newFileKey` could have made: no separators, no dots, nothing to traverse with. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid file key');
}
