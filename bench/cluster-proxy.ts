/**
 * The cluster benchmark's moving parts besides the load: a small round-robin HTTP and WebSocket proxy (what nginx does
 * in front of the instances, deploy/nginx/prsp.conf) and app instances as child processes, each
 * `node --enable-source-maps apps/server/dist/main.js` as `npm run serve` starts it (`npm run bench:cluster` builds it first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import type { ProbeAnswer, ProbeRequest } from './process-probe';

/** How long the proxy keeps an idle connection to an instance (nginx: 60 s; the instances: 65 s). */
const UPSTREAM_IDLE_MS = 30_000;

export type Proxy = { url: string; setUpstreams(ports: number[]): void; close(): Promise<void> };

/**
 * The headers without the hop-by-hop ones, as nginx passes an answer on: the instance's `Connection` and
 * `Keep-Alive: timeout=…` describe its connection to the proxy, not the proxy's to the client, whose idle time is the
 * proxy's own (Node announces it). Passed on, they told clients the instance's idle time as the proxy's.
 */
function endToEnd(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const { connection, 'keep-alive': _keepAlive, ...rest } = headers;
  const named = typeof connection === 'string' ? connection.split(',').map((h) => h.trim().toLowerCase()) : [];
  return Object.fromEntries(Object.entries(rest).filter(([name]) => !named.includes(name)));
}

/**
 * Spreads requests over `upstreams` in turn, one pick per request (not per connection), and passes WebSocket upgrades
 * through as raw TCP. The built-in test identity provider's paths too: it keeps its sign-in state in the shared
 * database, so any instance continues a sign-in another one started.
 */
export async function startProxy(port: number): Promise<Proxy> {
  let upstreams: number[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // As nginx does (deploy/nginx/prsp.conf): the proxy closes an idle connection to an instance well before the
  // instance would (apps/server/src/keep-alive.ts), so no request goes out on one the instance is closing.
  const keepSocketAlive = agent.keepSocketAlive.bind(agent);
  agent.keepSocketAlive = (socket) => {
    // Node's own answer (a boolean at run time, `void` in @types/node) keeps the socket and sets the instance's hint.
    const kept = (keepSocketAlive as (s: typeof socket) => unknown)(socket) !== false;
    if (kept) (socket as net.Socket).setTimeout(UPSTREAM_IDLE_MS);
    return kept;
  };
  const pick = () => {
    if (upstreams.length === 0) throw new Error('the proxy has no upstream');
    next = (next + 1) % upstreams.length;
    return upstreams[next]!;
  };

  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: pick(), method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${port}`,
    setUpstreams(ports) {
      upstreams = [...ports];
      next = 0;
    },
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The first port of `from`…`to` that can be bound on loopback now. The task's range sits inside Linux's ephemeral
 * range, so an outgoing connection may hold a port of it for a while: such a port is passed over.
 */
export async function portInRange(from: number, to: number, taken: number[] = []): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.includes(port)) continue;
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error(`no free port in ${from}–${to}`);
}

export type Instance = {
  port: number;
  process: ChildProcess;
  stderr: () => string;
  /** The process's own CPU time and PostgreSQL counts now, after starting or writing a CPU profile if asked (process-probe.ts). */
  probe(request?: ProbeRequest): Promise<ProbeAnswer>;
  stop(): Promise<void>;
};

/** The app as `npm run serve` runs it, with the bench's probe loaded first. */
export const APP_ENTRY = ['--enable-source-maps', '--import', './bench/process-probe.ts', 'apps/server/dist/main.js'];

/**
 * Starts one process (by default an app instance; `entry` is node's arguments, e.g. the stand-in broker's) and waits
 * (bounded) until its `/readyz` answers 200, i.e. migrations and seed are done. `extraArgs` go to node first
 * (`--cpu-prof`…).
 */
export async function startInstance(
  port: number,
  env: Record<string, string>,
  { entry = APP_ENTRY, extraArgs = [], readyWithinMs = 120_000 }: { entry?: string[]; extraArgs?: string[]; readyWithinMs?: number } = {},
): Promise<Instance> {
  const child = spawn(process.execPath, [...extraArgs, ...entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => {
    err = (err + c.toString('utf8')).slice(-4000);
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  // One request at a time per process, so each answer is the one to the request before it.
  let queue: Promise<unknown> = Promise.resolve();
  const probe = (request: ProbeRequest = { kind: 'probe' }): Promise<ProbeAnswer> => {
    const asked = queue.then(async () => {
      const answered = once(child, 'message');
      child.send(request);
      return ((await answered) as [ProbeAnswer])[0];
    });
    queue = asked.catch(() => undefined);
    return asked;
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process on ${port} exited with ${child.exitCode}: ${err}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { port, process: child, stderr: () => err, probe, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`process on ${port} not ready within ${readyWithinMs / 1000} s: ${err}`);
    }
    // Between two probes of a process that is still starting: nothing to wait on but its port.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
