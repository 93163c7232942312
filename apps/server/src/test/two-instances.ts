import type { Redis } from 'ioredis';
import { seedDemo } from '../db/seed/demo-seed';
import { createFieldCipher } from '../platform/crypto/field-cipher';
import { startTestApp, type TestApp } from './test-app';
import { openTestDatabase, type TestDatabase } from './test-database';

export type TwoInstances = { database: TestDatabase; a: TestApp; b: TestApp; close(): Promise<void> };

/**
 * Two app instances on one database with the demo data, as behind a load balancer (and on one Redis when given):
 * the first migrates and is seeded, the second starts on what it finds.
 */
export async function startTwoInstances(env: Record<string, string> = {}, shared: { redis?: Redis } = {}): Promise<TwoInstances> {
  const database = await openTestDatabase();
  const a = await startTestApp(env, { database, ...shared });
  await seedDemo(database.db, createFieldCipher(a.config.dataKey));
  const b = await startTestApp(env, { database, ...shared });
  return {
    database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await database.close();
    },
  };
}
