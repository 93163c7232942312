import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePortIn, PORT_RANGES } from './ports';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries (PG_BIN names others). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A PostgreSQL cluster of one test file's own: its data in a temporary directory, on a port of PORT_RANGES.postgres. */
export type PrivatePostgres = {
  port: number;
  /** The `postgres` database as the superuser (trust on loopback). */
  url: string;
  /** `pg_ctl restart`: `fast` ends sessions politely, `immediate` is a crash and recovery. Resolves once it accepts again. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Why a private cluster cannot run here (binaries missing, or not root, which `runuser -u postgres` needs), or null.
 * The fault tests skip with this reason printed: the only reason they skip.
 */
export function privatePostgresMissing(): string | null {
  for (const bin of ['initdb', 'pg_ctl']) if (!existsSync(path.join(PG_BIN, bin))) return `${path.join(PG_BIN, bin)} is missing`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not running as root (initdb runs as the postgres user)';
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) return 'runuser is missing';
  return null;
}

const asPostgres = (bin: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]);

/**
 * initdb into a fresh temporary directory as the `postgres` user, then `pg_ctl start` on a free port of its range, so
 * the machine's shared server is never touched. fsync is off: nothing here needs to survive a power cut, and a
 * restart (`-m fast` or `immediate`) keeps committed data either way (WAL is written, only not flushed to disk).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prsp-fault-pg-'));
  await chown(dir, ...(await postgresIds()));
  const data = path.join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  let port: number;
  const ctl = (args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args]);
  for (let attempt = 1; ; attempt++) {
    port = await freePortIn(PORT_RANGES.postgres);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
    try {
      await ctl(['-o', options, 'start']);
      break;
    } catch (err) {
      // Another file's cluster took the port between the check and the bind: try another.
      if (attempt >= 3) throw err;
    }
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(mode = 'fast') {
      await ctl(['-m', mode, 'restart']);
    },
    async stop() {
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<[number, number]> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.trim()), Number(gid.trim())];
}
