import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/**
 * The few Janus calls the server makes, over Janus's WebSocket API (subprotocol `janus-protocol`): a session, a
 * handle on the videoroom plugin, one synchronous request (`create`, `destroy`, `exists`), then the session is
 * destroyed. Browsers talk to Janus themselves for the media; the server only manages rooms.
 */
export type JanusRoomRequest =
  | {
      request: 'create';
      room: number;
      pin: string;
      secret: string;
      publishers: number;
      description: string;
      is_private: boolean;
      permanent: false;
      audiolevel_event?: boolean;
      admin_key?: string;
    }
  | { request: 'destroy'; room: number; secret: string; permanent: false }
  | { request: 'exists'; room: number };

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

type JanusReply = {
  janus: string;
  transaction?: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { error_code?: number; error?: string } };
};

/** Runs one videoroom request on the Janus at `url`, within `timeoutMs`; answers the plugin's data. */
export async function videoroomRequest(url: string, body: JanusRoomRequest, timeoutMs = 5000): Promise<Record<string, unknown>> {
  const ws = new WebSocket(url, 'janus-protocol', { handshakeTimeout: timeoutMs });
  const pending = new Map<string, (r: JanusReply) => void>();
  let failure: Error | null = null;
  const failAll = (err: Error) => {
    failure ??= err;
    for (const resolve of pending.values()) resolve({ janus: 'error', error: { code: 0, reason: err.message } });
    pending.clear();
  };
  ws.on('message', (raw) => {
    let reply: JanusReply;
    try {
      reply = JSON.parse(String(raw)) as JanusReply;
    } catch {
      return;
    }
    // `ack` only says the request arrived; the answer follows.
    if (reply.janus === 'ack' || !reply.transaction) return;
    const resolve = pending.get(reply.transaction);
    if (!resolve) return;
    pending.delete(reply.transaction);
    resolve(reply);
  });
  ws.on('error', (err) => failAll(err));
  ws.on('close', () => failAll(new JanusError(`janus at ${url} closed the connection`)));
  const timer = setTimeout(() => {
    failAll(new JanusError(`janus at ${url} did not answer within ${timeoutMs} ms`));
    ws.terminate();
  }, timeoutMs);

  const call = (message: Record<string, unknown>): Promise<JanusReply> =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const transaction = randomBytes(9).toString('base64url');
      pending.set(transaction, resolve);
      ws.send(JSON.stringify({ ...message, transaction }), (err) => err && failAll(err));
    }).then((reply) => {
      const r = reply as JanusReply;
      if (r.janus === 'error') throw failure ?? new JanusError(r.error?.reason ?? 'janus error', r.error?.code);
      return r;
    });

  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const session = (await call({ janus: 'create' })).data!.id;
    try {
      const handle = (await call({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data!.id;
      const reply = await call({ janus: 'message', session_id: session, handle_id: handle, body });
      const data = reply.plugindata?.data ?? {};
      if (typeof data.error_code === 'number') throw new JanusError(String(data.error ?? 'videoroom error'), data.error_code);
      await call({ janus: 'detach', session_id: session, handle_id: handle }).catch(() => undefined);
      return data;
    } finally {
      await call({ janus: 'destroy', session_id: session }).catch(() => undefined);
    }
  } finally {
    clearTimeout(timer);
    ws.removeAllListeners('close');
    ws.close();
  }
}

/** Videoroom error codes the provider reacts to. */
export const JANUS_VIDEOROOM_ERRORS = { noSuchRoom: 426, roomExists: 427 } as const;
