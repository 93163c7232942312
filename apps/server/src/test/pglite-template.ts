import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A hash of every migration file's bytes, which names the templates: a changed or added migration makes new ones. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const templateFile = () => path.join(tmpdir(), `prsp-pglite-migrated-${migrationsHash()}.tar`);

let template: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory (`dumpDataDir`) that fresh test databases start from instead of replaying every
 * migration: about a second instead of several on this machine, times some 240 test files. Made by the first test
 * file that needs it and kept in the temp folder under the migrations' hash; files racing to make it each write
 * their own copy and rename it into place, so a reader never sees half a file.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    if (!existsSync(file)) {
      const database = await openDatabase({ dataDir: 'memory://' });
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      await database.close();
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return template;
}
