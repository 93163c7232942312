import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { freePortIn, PORT_RANGES } from './ports';

/** Debian's redis-server (REDIS_SERVER names another). */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** A redis-server of one test file's own, on a port of PORT_RANGES.redis, keeping nothing on disk. */
export type PrivateRedis = {
  port: number;
  url: string;
  /** Whether it runs now. */
  readonly running: boolean;
  /** Ends the server at once (SIGKILL): Redis has gone away, with everything it held. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it is ready. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** Why a private Redis cannot run here, or null. */
export function privateRedisMissing(): string | null {
  return existsSync(REDIS_SERVER) ? null : `${REDIS_SERVER} is missing`;
}

/** Spawns redis-server in the foreground and resolves once it logs that it accepts connections. */
async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) at start:\n${output.slice(-2000)}`)));
  });
  // Its output is not read further; drain it so the pipe never fills.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

/** Starts redis-server with `--save '' --appendonly no` on a free port of its range. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  let port = 0;
  let child: ChildProcess | null = null;
  for (let attempt = 1; !child; attempt++) {
    port = await freePortIn(PORT_RANGES.redis);
    try {
      child = await spawnRedis(port);
    } catch (err) {
      // The port was taken between the check and the bind: try another.
      if (attempt >= 3) throw err;
    }
  }
  let current: ChildProcess | null = child;
  const kill = async () => {
    const dying = current;
    current = null;
    if (!dying || dying.exitCode !== null || dying.signalCode !== null) return;
    const exited = once(dying, 'exit');
    dying.kill('SIGKILL');
    await exited;
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return current !== null;
    },
    kill,
    async start() {
      if (!current) current = await spawnRedis(port);
    },
    stop: kill,
  };
}
