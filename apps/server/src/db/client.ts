import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenPglite, listenPostgres, type Listening, type NotificationHandlers } from './notifications';
import * as schema from './schema';
import { serverPath } from '../server-files';

export type Schema = typeof schema;
/** The one database type modules use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * A statement built once per database and prepared with drizzle's `.prepare(name)` by `build`: drizzle does not build
 * it again, and on a PostgreSQL server it is a named statement each pooled connection parses and plans once. For a
 * hot path's statement whose plan does not depend on its parameters (a generic plan must do as well as a custom one).
 */
export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * Runs `work` in a transaction: the caller's, when `tx` is one already (no savepoint, which would be two more
 * statements), else one of its own. For writes that must go together whoever calls them.
 */
export function inTransaction<T>(tx: Tx, work: (inner: Tx) => Promise<T>): Promise<T> {
  return tx instanceof PgTransaction ? work(tx) : tx.transaction(work);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** The connection pool's state now, on a PostgreSQL server (PGlite is one connection in process: none). */
  poolStats?(): PoolStats;
  /** LISTEN on `channel` (on a connection of its own on a server): how the read-model cache hears of writes. */
  listen(channel: string, handlers: NotificationHandlers): Listening;
  close(): Promise<void>;
};

/** Connections open (`total`, of at most `max`), idle among them, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

const POOL_MAX = 10;

const migrationsFolder = serverPath('src/db/migrations');
// Any fixed number: serialises migrations when several instances start at once.
const MIGRATION_LOCK = 7_420_019;

/**
 * Opens PostgreSQL when `url` is given, else PGlite in `dataDir` (or in memory for `memory://`, optionally starting
 * from `template`, a data directory `dumpDataDir` made), and applies the committed migrations that are not applied yet.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; template?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: POOL_MAX });
    // An idle connection the server drops (restart, failover) emits 'error' on the pool; unhandled, that
    // would end the process. The pool discards the client and the next query opens a new connection.
    pool.on('error', () => undefined);
    // A client checked out of the pool (a transaction between two queries) has no 'error' listener of the pool's:
    // when the server goes (restart, `terminating connection due to administrator command`), its 'error' event
    // would be uncaught and end the process. Instead the broken client goes back to the pool at once, which discards
    // it: drizzle never releases a client whose `begin` fails, and each such client would be a connection the pool
    // never gets back (and `close` would wait for forever). Later releases of it do nothing; its queries fail.
    // test/faults/postgres-restart.fault.test.ts, docs/faults.md.
    const inHand = new Set<pg.PoolClient>();
    pool.on('acquire', (client) => inHand.add(client));
    pool.on('release', (_err, client) => inHand.delete(client));
    pool.on('connect', (client) =>
      client.on('error', (err) => {
        if (!inHand.delete(client as pg.PoolClient)) return;
        const { release } = client as pg.PoolClient;
        (client as pg.PoolClient).release = () => undefined;
        release(err);
      }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
      listen: (channel, handlers) => listenPostgres(opts.url!, channel, handlers),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await openPglite(dir, opts.template);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close: () => client.close(),
  };
}

/** The rows of a raw `execute`: both drivers answer `{ rows }`, which the shared database type leaves unknown. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PGlite with the contrib extensions the migrations need (btree_gist for the no-overlap constraints). */
export function openPglite(dir = 'memory://', loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { btree_gist }, loadDataDir });
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
