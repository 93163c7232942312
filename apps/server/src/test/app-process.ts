import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One instance as a test sees it: where it answers, and how it dies (SIGKILL) or stops (SIGTERM). */
export type AppProcess = { url: string; kill(): Promise<void>; close(): Promise<void> };

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type AppProcessOptions = {
  label: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** This instance's own directory (DATA_DIR is `dir/label`, uploaded files are shared in `dir/files`). */
  dir: string;
  /** The address browsers use (a load balancer's); default the instance's own. */
  publicUrl?: string;
  env?: Record<string, string>;
};

/**
 * Starts `main.ts` as production does (its own port, the shared PostgreSQL and Redis) and waits until it is ready:
 * instances a test can kill with SIGKILL. Used by the two-instance chat test and the fault tests.
 */
export async function startAppProcess(opts: AppProcessOptions): Promise<AppProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'UTC',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: opts.publicUrl ?? url,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      DATA_DIR: path.join(opts.dir, opts.label),
      FILES_DIR: path.join(opts.dir, 'files'),
      MAIL_CATCHER_PORT: '0',
      DEMO_SEED: 'false',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = once(child, 'exit');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance ${opts.label} exited at start:\n${stderr}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${opts.label} not ready within 120 s:\n${stderr}`);
    }
    // Polling the readiness probe: the condition is the process answering.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { url, kill: () => stop('SIGKILL'), close: () => stop('SIGTERM') };
}
