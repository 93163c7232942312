import { createServer } from 'node:net';

/** The loopback port ranges the fault tests' own services use, apart from the machine's shared ones. */
export const PORT_RANGES = {
  postgres: [54330, 54339],
  redis: [63790, 63799],
  apps: [34100, 34199],
} as const satisfies Record<string, readonly [number, number]>;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port of `range` nothing listens on now, starting at a random place so that test files running side by side
 * rarely pick the same one (a service that then fails to bind is started again on another: see the callers).
 */
export async function freePortIn([from, to]: readonly [number, number]): Promise<number> {
  const size = to - from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((start + i) % size);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${from}–${to}`);
}
