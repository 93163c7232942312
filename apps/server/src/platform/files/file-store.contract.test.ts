import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDiskFileStore } from './disk-file-store';
import { FileNotFoundError, newFileKey, type FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';
import { startS3TestServer, type S3TestServer } from './s3-test-server';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A body that arrives in many small pieces, as an upload does. */
function chunked(data: Buffer, size = 16 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** What every back end must do the same way. */
function contract(name: string, open: () => { store: FileStore }) {
  describe(`file store contract: ${name}`, () => {
    test('a streamed file comes back byte for byte', async () => {
      const { store } = open();
      const data = randomBytes(1024 * 1024 + 7);
      const key = newFileKey();
      await store.put(key, chunked(data), { size: data.length, contentType: 'application/octet-stream' });
      const back = await readAll(await store.get(key));
      expect(back.length).toBe(data.length);
      expect(sha(back)).toBe(sha(data));
    });

    test('an empty file and a replaced file', async () => {
      const { store } = open();
      const key = newFileKey();
      await store.put(key, Readable.from([]), { size: 0, contentType: 'text/plain' });
      expect((await readAll(await store.get(key))).length).toBe(0);
      await store.put(key, Readable.from([Buffer.from('second')]), { size: 6, contentType: 'text/plain' });
      expect((await readAll(await store.get(key))).toString()).toBe('second');
    });

    test('a missing key is FileNotFoundError; delete is idempotent', async () => {
      const { store } = open();
      const key = newFileKey();
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await store.put(key, Readable.from([Buffer.from('x')]), { size: 1, contentType: 'text/plain' });
      await store.delete(key);
      await store.delete(key);
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    });

    test('keys that are not random hex are refused before any I/O: no traversal', async () => {
      const { store } = open();
      for (const key of ['../../etc/passwd', '..', 'a/b', 'logo.png', `${newFileKey()}/..`, newFileKey().toUpperCase(), '']) {
        await expect(store.get(key)).rejects.toThrow('invalid file key');
        await expect(store.put(key, Readable.from([]), { size: 0, contentType: 'text/plain' })).rejects.toThrow('invalid file key');
        await expect(store.delete(key)).rejects.toThrow('invalid file key');
      }
    });

    test('a body that fails midway leaves nothing under the key', async () => {
      const { store } = open();
      const key = newFileKey();
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put(key, failing, { size: 4096, contentType: 'application/octet-stream' })).rejects.toThrow();
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    });
  });
}

let dir: string;
let s3: S3TestServer;
let disk: FileStore;
let bucket: FileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'prsp-files-'));
  disk = createDiskFileStore(dir);
  s3 = await startS3TestServer();
  bucket = createS3FileStore(s3.config);
});
afterAll(async () => {
  await bucket.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

contract('disk', () => ({ store: disk }));
contract('S3 (s3rver)', () => ({ store: bucket }));

test('on disk, files sit under their key only, with no partial files left over', async () => {
  const key = newFileKey();
  await disk.put(key, Readable.from([Buffer.from('hello')]), { size: 5, contentType: 'text/plain' });
  expect(await readdir(path.join(dir, key.slice(0, 2)))).toContain(key);
  const all = (await readdir(dir, { recursive: true })).map(String);
  expect(all.filter((p) => p.endsWith('.part'))).toEqual([]);
});
