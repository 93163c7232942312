import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migratedPgliteTemplate, migrationsHash } from './pglite-template';

/** A test's database; on the PostgreSQL server also its connection string, for processes of the test's own. */
export type TestDatabase = Database & { url: string | null };

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { ...(await openDatabase({ dataDir: 'memory://', template: await migratedPgliteTemplate() })), url: null };
  const name = `prsp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${await migratedPostgresTemplate(serverUrl)}`);
  const url = databaseUrl(serverUrl, name);
  // Applies no migration (the template has them all) but checks, as at every start, that none is missing.
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function adminQuery(serverUrl: string, ...queries: string[]): Promise<pg.QueryResult[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const results = [];
    for (const query of queries) results.push(await admin.query(query));
    return results;
  } finally {
    await admin.end();
  }
}

// Any fixed number: one test process at a time makes the template.
const TEMPLATE_LOCK = 7_420_020;
let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated database on the server that test databases are copied from (`create database … template`,
 * a file copy) instead of each replaying every migration: named by the migrations' hash like the PGlite template,
 * made by the first test file that needs it (the others wait on an advisory lock), and kept for the next run.
 * It is made under another name and renamed once migrated, so a run cut short never leaves a half-made template.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `prsp_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const partial = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${partial}`);
        await admin.query(`create database ${partial}`);
        await (await openDatabase({ url: databaseUrl(serverUrl, partial) })).close();
        await admin.query(`alter database ${partial} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}
