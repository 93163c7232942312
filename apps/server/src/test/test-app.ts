import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { seedDemo } from '../db/seed/demo-seed';
import { createFieldCipher } from '../platform/crypto/field-cipher';
import { openTestDatabase } from './test-database';

export type TestApp = { app: FastifyInstance; config: Config; database: Database; baseUrl: string; close(): Promise<void> };

/** A free TCP port on loopback. The OIDC issuer URL must name the port before the app is built. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real app on a fresh seeded database, listening on loopback so the OIDC flow can run over HTTP
 * against the built-in provider. `env` overrides configuration (e.g. short session limits);
 * `shared` lets several instances run on one database and one Redis, as in production.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  shared: { database?: Database; redis?: Redis } = {},
): Promise<TestApp> {
  // Uploaded files go to a directory of this app's own (unless the test names a store), removed on close.
  const filesDir = await mkdtemp(path.join(tmpdir(), 'prsp-test-files-'));
  // A database passed in belongs to the caller (several instances on one database); it is seeded and closed there.
  const database = shared.database ?? (await openTestDatabase());
  let seeded = shared.database !== undefined;
  // The port is chosen free, then bound once the app is built; in between, another test file's listener (a mail
  // catcher, an SMS sink) may take it. Then the app is built again on another port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = loadConfig({
      FILES_DIR: filesDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every test app gets its own catcher on a free port.
      MAIL_CATCHER_PORT: '0',
      // Tests set up state by writing to tables directly; the read-model cache would hear of that only when the
      // notification arrives, a moment later. Its own tests (platform/cache) turn it on.
      READ_MODEL_CACHE_TTL_SECONDS: '0',
      ...env,
    });
    if (!seeded) {
      await seedDemo(database.db, createFieldCipher(config.dataKey));
      seeded = true;
    }
    const app = await buildApp({ config, database, redis: shared.redis });
    try {
      await app.listen({ host: '127.0.0.1', port });
    } catch (err) {
      await app.close();
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      throw err;
    }
    return {
      app,
      config,
      database,
      baseUrl: config.publicUrl,
      async close() {
        await app.close();
        if (!shared.database) await database.close();
        await rm(filesDir, { recursive: true, force: true });
      },
    };
  }
}
