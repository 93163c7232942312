import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener tells its user: a notification's payload, and when it starts or stops hearing them. */
export type NotificationHandlers = {
  onNotify(payload: string): void;
  /** Listening now (at start and after every reconnection): anything sent meanwhile was missed. */
  onReady(): void;
  /** Not listening any more (the connection dropped); a reconnection is under way. */
  onLost(): void;
};

export type Listening = { close(): Promise<void> };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain names are ever put in the statement.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
}

/**
 * LISTEN on a PostgreSQL server through a connection of its own (outside the pool, whose connections come and go).
 * When the connection drops (server restart, failover, network), `onLost` is called and it reconnects with backoff,
 * calling `onReady` again once listening.
 */
export function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Listening {
  assertChannel(channel);
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const lost = (client: pg.Client) => {
    if (current === client) {
      current = null;
      handlers.onLost();
    }
    client.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lost(client);
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = FIRST_RETRY_MS;
    handlers.onReady();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** LISTEN on PGlite: one connection in this process, which never drops; its notifications arrive on commit. */
export function listenPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Listening {
  assertChannel(channel);
  const unlisten = client
    .listen(channel, (payload) => handlers.onNotify(payload))
    .then((stop) => {
      handlers.onReady();
      return stop;
    });
  return {
    async close() {
      const stop = await unlisten;
      if (!client.closed) await stop();
    },
  };
}
