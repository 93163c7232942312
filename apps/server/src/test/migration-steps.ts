import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openPglite } from '../db/client';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * A migration's test on data it meets: an in-memory database migrated up to just before `tag` (a copy of the
 * migrations whose journal ends there) is handed to `use`, which writes the old rows and then runs `migrateTheRest`
 * (every migration, as a deployment does) to check what became of them. The database and the copy go afterwards.
 */
export async function beforeMigration(
  tag: string,
  use: (client: PGlite, migrateTheRest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const before = mkdtempSync(join(tmpdir(), 'prsp-migrations-'));
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const client = await openPglite();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await use(client, () => migrate(db, { migrationsFolder: MIGRATIONS }));
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
}
