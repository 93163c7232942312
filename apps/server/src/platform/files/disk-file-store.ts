import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, FileNotFoundError, type FileStore } from './file-store';

/**
 * Files in a directory: `<root>/<first two characters of the key>/<key>`. A file is written beside its
 * final name and renamed into place, so a reader sees the whole file or none. For one machine, or for
 * several that mount the same directory.
 */
export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(base, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      const handle = await open(partial, 'wx', 0o600);
      try {
        await pipeline(body, handle.createWriteStream());
        await rename(partial, target);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      } finally {
        await handle.close().catch(() => undefined);
      }
    },
    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async close() {},
  };
}
