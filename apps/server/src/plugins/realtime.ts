import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { ERROR_CATALOGUE, type ClientEvents, type ErrorCode, type ServerEvents, type SocketAck } from '@prsp/contracts';
import type { Db } from '../db/client';
import { bearerToken } from '../platform/access/guest-access';
import { loadAccess, type AccessContext, type RouteAccess } from '../platform/access/route-access';
import { AppError } from '../platform/app-error';
import { patientDataAudit } from './access';
import type { ReadModelCache } from '../platform/cache/read-model-cache';
import { resolveSession, type Session, type SessionPolicy } from '../platform/session/sessions.service';
import { watchRedis } from '../platform/redis-watch';
import type { CookieNames } from './session';
import { DEFAULT_EVENT_LIMIT, MAX_SOCKETS_PER_SESSION, SOCKET_EVENT_LIMITS, windowCounter } from './socket-limits';

export const SOCKET_PATH = '/api/socket.io';

/** How long a socket's caller, once checked, is taken as checked (the session and its organisation's rules). */
export const ACCESS_RECHECK_MS = 5_000;

export type RealtimeServer = Server<ClientEvents, ServerEvents>;
export type RealtimeSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketIdentity>;

/** A socket event the server listens to and who may send it: the access matrix walks these beside `declaredRoutes`. */
export type DeclaredSocketEvent = { event: string; access: RouteAccess };

/** Who may open a socket at all (the handshake), listed in `declaredSocketEvents` as the event `connection`. */
export const HANDSHAKE_ACCESS: RouteAccess = { kind: 'chatMember', patientData: 'none' };
/**
 * Who may open a socket from the admin app: a signed-in admin (a session of the admin app), for the live queue board;
 * each event then checks its own right. Such a socket joins no user room: it is not the expert's app being open.
 */
export const ADMIN_HANDSHAKE_ACCESS: RouteAccess = { kind: 'anyAdmin', patientData: 'none' };

/**
 * What the handshake carried: the session cookie's token and a guest's bearer token, re-checked on every event; and
 * whose the socket is (the patient, guest participant or staff user), for the per-user event limits.
 */
export type SocketIdentity = { sessionToken: string | null; guestToken: string | null; userId?: string };

/** Room names: a user's own sockets, a channel's members, a queue's experts, an organisation's staff. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  channel: (channelId: string) => `channel:${channelId}`,
  queue: (queueId: string) => `queue:${queueId}`,
  organisation: (organisationId: string) => `org:${organisationId}`,
  /** Who watches an organisation's queue board (its admins and shift leads): told when a figure on it moves. */
  board: (organisationId: string) => `board:${organisationId}`,
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The Socket.IO server: modules emit to rooms through it after their transaction has committed. */
    realtime: RealtimeServer;
    /** The access loader for a socket event: the same rules, through the same loaders, as an HTTP route's declaration. */
    socketAccess(socket: RealtimeSocket, access: RouteAccess): Promise<AccessContext>;
    /** Every socket event declared, with its access (and the handshake as `connection`). */
    declaredSocketEvents: DeclaredSocketEvent[];
    /**
     * Declares who may send each of a module's socket events, as a route declares `config.access`: the declared
     * loader runs before the event's handler, and an event nobody declared is refused (403) without reaching one.
     */
    declareSocketEvents(events: Record<string, RouteAccess>): void;
    /** Socket events and connections refused by the flood limits since the instance started, by event (for /metrics). */
    realtimeRefusals: ReadonlyMap<string, number>;
    /**
     * True once this instance is stopping: its sockets are being closed by the server, and their clients reconnect to
     * another instance. A `disconnect` handler then leaves alone what the user's reconnection keeps (presence).
     */
    realtimeStopping(): boolean;
  }
}

type RealtimeOptions = {
  db: Db;
  policy: SessionPolicy;
  names: CookieNames;
  publicOrigin: string;
  redis?: Redis;
  /** The per-socket and per-user event limits (socket-limits.ts): off only for a load test (REALTIME_EVENT_LIMITS). */
  eventLimits?: boolean;
  /** The read-model cache HTTP requests take the session and the patient's access state from (the same rules). */
  cache?: ReadModelCache;
};

/**
 * Socket.IO at `/api/socket.io` on the app's own HTTP server. The handshake must come from our own origin and carry
 * a live session cookie or a guest's bearer token (`auth.token`); events after it are checked again with the route
 * access loaders (at most ACCESS_RECHECK_MS apart), so a session that ends or loses its rights stops being served
 * within seconds. With Redis, rooms
 * span instances through the Redis streams adapter; without it, one process needs nothing else.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // WebSocket only: its handshake always carries the page's Origin, which must be ours, so a page on another site
    // cannot open a socket with our cookie (long-polling's same-origin GETs carry none to check). No polling also
    // means several instances need no sticky sessions.
    transports: ['websocket'],
    allowRequest: (req, callback) => callback(null, req.headers.origin === opts.publicOrigin),
    maxHttpBufferSize: 64 * 1024,
  });
  let adapterClient: Redis | undefined;
  if (opts.redis) {
    // The adapter blocks on XREAD: it needs a connection of its own.
    adapterClient = opts.redis.duplicate();
    watchRedis(adapterClient, app.log, 'socket adapter');
    io.adapter(createAdapter(adapterClient));
  }

  const identityOf = (socket: RealtimeSocket): SocketIdentity => socket.data;

  // What each socket's caller was found to be, for ACCESS_RECHECK_MS: a busy chat does not read the session and the
  // patient's organisation again for every message (bench/README.md), and an ended session still stops being served
  // within that time. What the caller may do with a channel is checked on every event, in the database.
  const checked = new Map<string, { at: number; kind: RouteAccess['kind']; ctx: AccessContext }>();

  const sessionOf = async (socket: RealtimeSocket): Promise<Session | null> => {
    const { sessionToken } = identityOf(socket);
    return sessionToken ? ((await resolveSession(opts.db, opts.policy, sessionToken, new Date(), opts.cache)) ?? null) : null;
  };

  /** Who the socket's caller is for `access`; `known` is the session when the caller has just resolved it (the handshake). */
  async function socketAccess(socket: RealtimeSocket, access: RouteAccess, known?: Session | null): Promise<AccessContext> {
    const cached = checked.get(socket.id);
    if (cached && cached.kind === access.kind && Date.now() - cached.at < ACCESS_RECHECK_MS) return cached.ctx;
    const { guestToken } = identityOf(socket);
    const session = known === undefined ? await sessionOf(socket) : known;
    const ctx = await loadAccess(opts.db, session, access, { bearer: guestToken, cache: opts.cache });
    if (socket.connected) checked.set(socket.id, { at: Date.now(), kind: access.kind, ctx });
    return ctx;
  }
  io.on('connection', (socket) => socket.on('disconnect', () => checked.delete(socket.id)));

  // Deny by default, as for HTTP routes: each incoming event passes its declared loader first.
  const declaredEvents = new Map<string, RouteAccess>();
  const declaredSocketEvents: DeclaredSocketEvent[] = [{ event: 'connection', access: HANDSHAKE_ACCESS }];
  function declareSocketEvents(events: Record<string, RouteAccess>) {
    for (const [event, access] of Object.entries(events)) {
      if (declaredEvents.has(event)) throw new Error(`socket event ${event} is declared twice`);
      // Like a route: an event staff can send says whether its answer shows patient data (the handler logs it).
      patientDataAudit(access, `socket event ${event}`);
      declaredEvents.set(event, access);
      declaredSocketEvents.push({ event, access });
    }
  }
  // The flood limits (socket-limits.ts): events per socket and per user, sockets per session.
  const counters = windowCounter();
  const refusals = new Map<string, number>();
  const refused = (what: string) => refusals.set(what, (refusals.get(what) ?? 0) + 1);
  const sweeper = setInterval(() => counters.sweep(), 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const withinLimits = (socket: RealtimeSocket, event: string): boolean => {
    if (opts.eventLimits === false) return true;
    const limit = SOCKET_EVENT_LIMITS[event] ?? DEFAULT_EVENT_LIMIT;
    const user = socket.data.userId ?? socket.id;
    return (
      counters.take(`socket:${socket.id}:${event}`, limit.perSocket, limit.windowMs) &&
      counters.take(`user:${user}:${event}`, limit.perUser, limit.windowMs)
    );
  };
  const sessionSockets = new Map<string, Set<string>>();

  io.on('connection', (socket: RealtimeSocket) =>
    socket.use(([event, ...args], next) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (r: SocketAck<never>) => void) : undefined;
      const refuse = (code: ErrorCode) => ack?.({ ok: false, statusCode: code, errorKey: ERROR_CATALOGUE[code].key });
      if (!withinLimits(socket, event)) {
        refused(event);
        return refuse(429);
      }
      const access = declaredEvents.get(event);
      if (!access) {
        app.log.warn({ event }, 'undeclared socket event refused');
        return refuse(403);
      }
      socketAccess(socket, access).then(
        () => next(),
        (err: unknown) => {
          if (!(err instanceof AppError)) app.log.error({ err, event }, 'socket access failed');
          refuse(err instanceof AppError ? err.code : 500);
        },
      );
    }),
  );

  io.use(async (socket, next) => {
    const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
    const auth = socket.handshake.auth as { token?: unknown };
    const data: SocketIdentity = {
      sessionToken: cookies[opts.names.session] ?? null,
      guestToken: typeof auth.token === 'string' ? bearerToken(`Bearer ${auth.token}`) : null,
    };
    socket.data = data;
    try {
      // The session is read once here and handed to the access check: whether it is the admin app's chooses the access.
      const callerSession = await sessionOf(socket as RealtimeSocket);
      const adminApp = !data.guestToken && callerSession?.appRole === 'admin';
      const ctx = await socketAccess(socket as RealtimeSocket, adminApp ? ADMIN_HANDSHAKE_ACCESS : HANDSHAKE_ACCESS, callerSession);
      // One session's sockets are counted: a page that opens socket after socket is refused past the cap.
      const session = data.sessionToken ?? data.guestToken ?? socket.id;
      const open = sessionSockets.get(session) ?? new Set<string>();
      if (open.size >= MAX_SOCKETS_PER_SESSION) {
        refused('connection');
        return next(Object.assign(new Error('too many sockets'), { data: { statusCode: 429 } }));
      }
      sessionSockets.set(session, open.add(socket.id));
      socket.on('disconnect', () => {
        open.delete(socket.id);
        if (open.size === 0) sessionSockets.delete(session);
      });
      // Each user's sockets share a room, so an event for the user reaches every tab and device.
      const userId = adminApp ? undefined : (ctx.guest?.participantId ?? ctx.patient?.patientId ?? ctx.expert?.userId);
      data.userId = userId;
      if (userId) await socket.join(rooms.user(userId));
      next();
    } catch (err) {
      const code = err instanceof AppError ? err.code : 500;
      next(Object.assign(new Error('unauthorized'), { data: { statusCode: code } }));
    }
  });

  app.decorate('realtime', io);
  app.decorate('socketAccess', socketAccess);
  app.decorate('declaredSocketEvents', declaredSocketEvents);
  app.decorate('declareSocketEvents', declareSocketEvents);
  app.decorate('realtimeRefusals', refusals);
  // Before the HTTP server closes (it would wait for open WebSockets forever): clients hear the server go and
  // reconnect to another instance, where they fetch what they missed. Only this instance's own: through the Redis
  // adapter a plain disconnectSockets reaches every instance, and a rolling deploy would drop everyone at once.
  let stopping = false;
  app.decorate('realtimeStopping', () => stopping);
  app.addHook('preClose', async () => {
    stopping = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    adapterClient?.disconnect();
  });
});

/**
 * Answers a socket event's acknowledgement with a handler's result, or with its error as the catalogue's code and
 * key (what an HTTP error envelope carries); unexpected errors are logged and answered 500, their details kept.
 */
export async function answer<T>(
  log: FastifyBaseLogger,
  ack: ((r: SocketAck<T>) => void) | undefined,
  work: () => Promise<T>,
): Promise<void> {
  try {
    const data = await work();
    ack?.({ ok: true, data });
  } catch (err) {
    if (!(err instanceof AppError) || err.httpStatus >= 500) log.error({ err }, 'socket event failed');
    const code = err instanceof AppError ? err.code : 500;
    ack?.({ ok: false, statusCode: code, errorKey: ERROR_CATALOGUE[code].key });
  }
}
