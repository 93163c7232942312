import { createServer, connect, type Server, type Socket } from 'node:net';

/** Where a proxy forwards to: tried in order, so a second target takes over when the first refuses (a tiny balancer). */
export type ProxyTarget = { host?: string; port: number };

export type TcpProxy = {
  /** The loopback port clients connect to. */
  readonly port: number;
  /** Connections open through the proxy now (pairs of client and target sockets). */
  readonly open: number;
  /** Destroys every open connection at once, both ends, with no close handshake: what a crash or a cable cut looks like. */
  cutAll(): void;
  /** While true, new connections are accepted and dropped at once (the service is down); open ones are left alone. */
  refuse(on: boolean): void;
  /** Delay added to every chunk in both directions, in milliseconds (0: none), for new and open connections. */
  delay(ms: number): void;
  close(): Promise<void>;
};

type Pair = { client: Socket; upstream: Socket };

/**
 * A loopback TCP proxy of the fault tests' own: forwards bytes to the first target that accepts, and lets a test cut
 * every connection, refuse new ones, or slow them down, without touching the service behind it. Written here rather
 * than taken from a library because it is a few dozen lines and the tests need exactly these three faults.
 */
export async function startTcpProxy(targets: ProxyTarget | ProxyTarget[], listenPort = 0): Promise<TcpProxy> {
  const upstreams = Array.isArray(targets) ? targets : [targets];
  const pairs = new Set<Pair>();
  let refusing = false;
  let delayMs = 0;

  /** Pipes `from` into `to`, holding each chunk back by the current delay while keeping the order of chunks. */
  function forward(from: Socket, to: Socket) {
    let queue = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0) {
        queue = queue.then(() => void (to.destroyed || to.write(chunk)));
        return;
      }
      const wait = delayMs;
      queue = queue.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              if (!to.destroyed) to.write(chunk);
              resolve();
            }, wait),
          ),
      );
    });
    from.on('end', () => void queue.then(() => to.end()));
  }

  function dial(client: Socket, index: number) {
    const target = upstreams[index]!;
    const upstream = connect({ host: target.host ?? '127.0.0.1', port: target.port });
    let connected = false;
    client.once('close', () => connected || upstream.destroy());
    upstream.once('connect', () => {
      connected = true;
      const pair = { client, upstream };
      pairs.add(pair);
      const drop = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', drop);
      upstream.on('close', drop);
      forward(client, upstream);
      forward(upstream, client);
      client.resume();
    });
    upstream.on('error', () => {
      // Refused or unreachable: the next target, if any, else the client is dropped as the service would drop it.
      if (!connected && index + 1 < upstreams.length) dial(client, index + 1);
      else client.destroy();
    });
  }

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    client.on('error', () => undefined);
    if (refusing) {
      client.destroy();
      return;
    }
    dial(client, 0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no address');

  const cutAll = () => {
    for (const { client, upstream } of pairs) {
      // resetAndDestroy sends RST where the platform allows it: the peer sees a broken connection, not a polite end.
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port: address.port,
    get open() {
      return pairs.size;
    },
    cutAll,
    refuse: (on) => void (refusing = on),
    delay: (ms) => void (delayMs = Math.max(0, ms)),
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
