import { useCallback, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientEvents, ServerEvents } from '@prsp/contracts';
import { useGuestSession } from './guest-session';

/** The realtime connection, typed with the contracts' events in both directions. */
export type AppSocket = Socket<ServerEvents, ClientEvents>;

/**
 * A page that lets go of the socket and the next that takes it (a move between chat pages, React's strict-mode
 * double effect) share it: the connection closes only when nobody has wanted it for this long.
 */
const CLOSE_GRACE_MS = 2_000;

/** The least pause before reconnecting after the server closed the connection itself (doubled at random). */
const RECONNECT_AFTER_GOODBYE_MS = 1_000;

let current: { socket: AppSocket; token: string | undefined; unfollow: () => void } | null = null;
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The browser knows at once when the network goes: without this a dead connection is noticed only by the heartbeat
 * (up to a minute). Offline closes the transport, so the socket says it is disconnected and starts to reconnect;
 * online reconnects now instead of after the backoff (the reconnect joins the rooms again and fetches what was missed).
 */
export function followNetwork(socket: AppSocket): () => void {
  const offline = () => socket.io.engine?.close();
  const online = () => {
    if (!socket.connected) socket.disconnect().connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

/**
 * One Socket.IO connection to the site's own origin (`/api/socket.io`), opened when the first page needs it.
 * Staff and patients are known by the session cookie; a guest passes the bearer token of their appointment.
 */
function take(token: string | undefined): void {
  clearTimeout(closeTimer);
  if (current && current.token !== token) {
    current.unfollow();
    current.socket.close();
    current = null;
  }
  if (!current) {
    const socket: AppSocket = io({
      path: '/api/socket.io',
      withCredentials: true,
      auth: token ? { token } : {},
      // The server admits a handshake only with our own Origin header. A WebSocket handshake always carries it; the
      // long-polling transport's first request is a same-origin GET, which browsers send without one, so it would
      // be refused and the client would never connect.
      transports: ['websocket'],
    });
    // Socket.IO reconnects by itself after a lost connection, but not when the server said goodbye (an instance
    // shutting down disconnects its sockets): then another instance is asked, after a pause that spreads the
    // clients out. A session that has ended is refused at that handshake, and no further attempt follows.
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect') return;
      setTimeout(
        () => {
          if (current?.socket === socket && !socket.connected) socket.connect();
        },
        RECONNECT_AFTER_GOODBYE_MS * (1 + Math.random()),
      );
    });
    current = { socket, token, unfollow: followNetwork(socket) };
  }
  users++;
  notify();
}

function release(): void {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    if (users > 0 || !current) return;
    current.unfollow();
    current.socket.close();
    current = null;
    notify();
  }, CLOSE_GRACE_MS);
}

/**
 * The shared socket while the calling component is mounted (null for the first render, before it is taken).
 * The connection is opened lazily and closed when no mounted component uses it any more. Without a `token` of
 * its own it carries the signed-in guest's, so every page of a guest's tab (chat, video) shares one connection.
 * `enabled: false` takes nothing: a component mounted before sign-in must not open a connection the server refuses
 * (a refused handshake is not retried, so the signed-in pages would inherit a dead socket).
 */
export function useSocket(explicitToken?: string, { enabled = true }: { enabled?: boolean } = {}): AppSocket | null {
  const guest = useGuestSession();
  const token = explicitToken ?? guest?.token;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!enabled) return () => undefined;
      listeners.add(onChange);
      take(token);
      return () => {
        listeners.delete(onChange);
        release();
      };
    },
    [token, enabled],
  );
  return useSyncExternalStore(subscribe, () => (enabled ? (current?.socket ?? null) : null));
}

/** Whether `socket` is connected now, and the browser online: a page shows 'reconnecting' the moment either is not. */
export function useSocketConnected(socket: AppSocket | null): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!socket) return () => undefined;
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      window.addEventListener('offline', onChange);
      window.addEventListener('online', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
        window.removeEventListener('offline', onChange);
        window.removeEventListener('online', onChange);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => (socket?.connected ?? false) && navigator.onLine);
}
