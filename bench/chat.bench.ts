/**
 * Chat benchmark (issue 9): one instance holding 2,000 authenticated sockets, message fan-out in a 10-member group
 * channel beside a bare Socket.IO server in the same run, and the same fan-out across two instances through Redis
 * beside two bare servers through the same adapter. On PGlite in memory, or on a PostgreSQL server when one is named
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL). See bench/README.md ('npm run bench:chat').
 *
 * The servers (the app, the bare baselines, PGlite) run in this process; the Socket.IO clients run in a child
 * process of their own (this same file, started with `--clients`, see `serveClients`), so they share neither the
 * servers' event loop nor their memory: the RSS figures are the servers' own. Every latency is measured in the
 * child, on one clock, from the `chat:send` emit to the moment the last of the other members receives the message.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import type { Database } from '../apps/server/src/db/client';
import { appointmentParticipants, appointments, organisations } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo-seed';
import { onboardedPatientSessions } from '../apps/server/src/modules/booking/booking.steps';
import { chatExpert } from '../apps/server/src/modules/chat/chat.steps';
import { openForAppointment } from '../apps/server/src/modules/chat/chat-channels.service';
import type { ChatEvents } from '../apps/server/src/modules/chat/chat-events';
import { sendText } from '../apps/server/src/modules/chat/chat-messages.service';
import { chatCallerOf } from '../apps/server/src/modules/chat/chat-participants';
import { issueGuestToken } from '../apps/server/src/platform/access/guest-access';
import { createFieldCipher } from '../apps/server/src/platform/crypto/field-cipher';
import { SOCKET_PATH, type RealtimeSocket } from '../apps/server/src/plugins/realtime';
import { startTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import {
  describeMachine,
  latencyOf,
  ms,
  postgresAnswers,
  readSettings,
  redact,
  reportGoals,
  runBenchmark,
  setTestDatabaseUrl,
  table,
  verdict,
  type Goal,
  type Latency,
} from './harness';

// ------------------------------------------------------------------------------------------------ the scenario

const ORGANISATION_SLUG = 'espoo-demo';
const EXPERT_QUEUE = 'espoo-nurse';
/** Sockets held by one instance, the channel's members among them. */
const CONNECTIONS = 2000;
/** The group channel: patients, the appointment's expert and guests, 10 in all. The sender is the first patient. */
const MEMBER_PATIENTS = 7;
const MEMBER_GUESTS = 2;
const MEMBERS = MEMBER_PATIENTS + 1 + MEMBER_GUESTS;
/** Messages measured per target, sent at a steady rate, in rounds that alternate ours and the bare server's. */
const MESSAGES = 500;
const RATE_PER_SECOND = positiveNumber('BENCH_CHAT_RATE', 50);
/**
 * The app as production runs it, but for one thing: one sender at 50 messages a second is a load test, not a person,
 * so the per-user event limits (socket-limits.ts) are off. The read-model cache is on (test apps turn it off;
 * config.ts's default is 60 s), as in bench:api: a socket's access, checked again every 5 s, comes from memory.
 */
const APP_SETTINGS = { REALTIME_EVENT_LIMITS: 'false', READ_MODEL_CACHE_TTL_SECONDS: '60' };
const ROUNDS = 5;
const WARMUP_MESSAGES = 25;
/** A socket not connected this long after it was opened counts as failed (the server itself gives up after 45 s). */
const CONNECT_LIMIT_MS = 90_000;
/** A message not received by every member this long after the last send counts as lost. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Sequential runs of the server's own work per message (access check, store transaction), with nothing else going on. */
const ALONE_RUNS = 100;

const ONE_P99_LIMIT_MS = 50;
const RATIO_LIMIT = 1.5;
const TWO_P99_LIMIT_MS = 100;

/**
 * One database per run, so that the run stays within about three minutes on two CPUs: PGlite in memory (what
 * `npm start` uses) unless a PostgreSQL server is named, then a scratch database there, dropped afterwards.
 */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

// ------------------------------------------------------------------------------------- the clients (child process)

/** One socket to open: the server's URL and what the page would carry (session cookie or guest token). */
type Target = { url: string; cookie?: string; guestToken?: string };
type SocketRef = { group: string; index: number };
type ClientJob =
  | { kind: 'connect'; group: string; targets: Target[] }
  | { kind: 'join'; members: SocketRef[]; channelId: string }
  | { kind: 'fanout'; sender: SocketRef; receivers: SocketRef[]; channelId: string; count: number; ratePerSecond: number }
  | { kind: 'close'; group: string };

type ConnectResult = { ms: number; connected: number; failures: number; errors: string[] };
/**
 * `latencies`: emit → last receiver, per message fully delivered; `acks`: emit → the sender's acknowledgement;
 * `lateMs`: how far the clients' process fell behind the sending schedule. `serverCpuMs`, `wallMs` and
 * `loopDelayP99Ms` are filled in by the servers' process: its CPU time during the run, the run's length and its
 * event loop's delay.
 */
type FanoutResult = {
  latencies: number[];
  acks: number[];
  lost: number;
  refused: string[];
  lateMs: number;
  serverCpuMs: number;
  wallMs: number;
  loopDelayP99Ms: number;
};

type Ack = { ok: boolean; statusCode?: number };

function serveClients(): void {
  const groups = new Map<string, (Socket | null)[]>();
  const socketOf = (ref: SocketRef) => {
    const socket = groups.get(ref.group)?.[ref.index];
    if (!socket) throw new Error(`no connected socket ${ref.group}[${ref.index}]`);
    return socket;
  };

  async function open(job: Extract<ClientJob, { kind: 'connect' }>): Promise<ConnectResult> {
    const started = performance.now();
    const errors = new Map<string, number>();
    const sockets = await Promise.all(
      job.targets.map(
        (target) =>
          new Promise<Socket | null>((resolve) => {
            const socket = connect(target.url, {
              path: SOCKET_PATH,
              transports: ['websocket'],
              forceNew: true,
              reconnection: false,
              timeout: CONNECT_LIMIT_MS,
              extraHeaders: { origin: new URL(target.url).origin, ...(target.cookie ? { cookie: target.cookie } : {}) },
              auth: target.guestToken ? { token: target.guestToken } : {},
            });
            // A socket ends in one of three ways: connected, refused, or dropped before the server let it in (the
            // server gives up on a handshake not through its middleware within 45 s, its connectTimeout).
            let settled = false;
            const failed = (reason: string) => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              errors.set(reason, (errors.get(reason) ?? 0) + 1);
              socket.close();
              resolve(null);
            };
            const timer = setTimeout(() => failed(`not connected within ${CONNECT_LIMIT_MS / 1000} s`), CONNECT_LIMIT_MS);
            socket.once('connect', () => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              resolve(socket);
            });
            socket.once('connect_error', (err) => failed(err.message));
            socket.once('disconnect', (reason) => failed(`dropped before connecting: ${reason}`));
          }),
      ),
    );
    groups.set(job.group, [...(groups.get(job.group) ?? []), ...sockets]);
    const connected = sockets.filter((s) => s !== null).length;
    return {
      ms: performance.now() - started,
      connected,
      failures: sockets.length - connected,
      errors: [...errors].map(([message, n]) => `${message} ×${n}`),
    };
  }

  function ack(socket: Socket, event: string, payload: unknown): Promise<Ack> {
    return new Promise((resolve) => socket.emit(event, payload, resolve));
  }

  async function join(job: Extract<ClientJob, { kind: 'join' }>): Promise<string[]> {
    const answers = await Promise.all(job.members.map((m) => ack(socketOf(m), 'chat:join', { channelId: job.channelId })));
    return answers.flatMap((a, i) => (a.ok ? [] : [`member ${i}: chat:join answered ${a.statusCode}`]));
  }

  /** One sender at a steady rate; each message is timed until the last of the receivers has it. */
  async function fanout(job: Extract<ClientJob, { kind: 'fanout' }>): Promise<FanoutResult> {
    const sender = socketOf(job.sender);
    const receivers = job.receivers.map(socketOf);
    const inFlight = new Map<string, { sentAt: number; left: number }>();
    const result: FanoutResult = { latencies: [], acks: [], lost: 0, refused: [], lateMs: 0, serverCpuMs: 0, wallMs: 0, loopDelayP99Ms: 0 };
    let sent = 0;
    let acked = 0;
    let wake: () => void = () => {};
    const onMessage = (m: { id: string }) => {
      const flight = inFlight.get(m.id);
      if (!flight || --flight.left > 0) return;
      result.latencies.push(performance.now() - flight.sentAt);
      inFlight.delete(m.id);
      wake();
    };
    for (const r of receivers) r.on('chat:message', onMessage);
    try {
      const interval = 1000 / job.ratePerSecond;
      const start = performance.now();
      for (let i = 0; i < job.count; i++) {
        const due = start + i * interval;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        result.lateMs = Math.max(result.lateMs, performance.now() - due);
        const id = randomUUID();
        const sentAt = performance.now();
        inFlight.set(id, { sentAt, left: receivers.length });
        sent++;
        sender.emit('chat:send', { channelId: job.channelId, id, text: `Penkkiviesti ${i}` }, (a: Ack) => {
          result.acks.push(performance.now() - sentAt);
          if (!a.ok) result.refused.push(`chat:send answered ${a.statusCode}`);
          acked++;
          wake();
        });
      }
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while ((inFlight.size > 0 || acked < sent) && performance.now() < deadline) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), sleep(deadline - performance.now())]);
      }
      result.lost = inFlight.size;
      return result;
    } finally {
      for (const r of receivers) r.off('chat:message', onMessage);
    }
  }

  function close(group: string): null {
    for (const s of groups.get(group) ?? []) s?.close();
    groups.delete(group);
    return null;
  }

  process.on('message', (message: { id: number; job: ClientJob }) => {
    const { job } = message;
    const work = async () => {
      switch (job.kind) {
        case 'connect':
          return open(job);
        case 'join':
          return join(job);
        case 'fanout':
          return fanout(job);
        case 'close':
          return close(job.group);
      }
    };
    work().then(
      (result) => process.send!({ id: message.id, result }),
      (err: unknown) => process.send!({ id: message.id, error: err instanceof Error ? err.stack : String(err) }),
    );
  });
  // The parent closes the channel when it is done (or gone): nothing is left to do.
  process.on('disconnect', () => {
    for (const group of [...groups.keys()]) close(group);
    process.exit(0);
  });
}

/** The servers' handle on the clients' process. */
class Clients {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  constructor() {
    // The child inherits `--import tsx` from this process's execArgv.
    this.child = fork(fileURLToPath(import.meta.url), ['--clients'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) waiting?.reject(new Error(`clients: ${m.error}`));
      else waiting?.resolve(m.result);
    });
    this.child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`the clients' process exited (${code})`));
      this.pending.clear();
    });
  }

  private run<T>(job: ClientJob): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, job });
    });
  }

  connect(group: string, targets: Target[]): Promise<ConnectResult> {
    return this.run({ kind: 'connect', group, targets });
  }

  join(members: SocketRef[], channelId: string): Promise<string[]> {
    return this.run({ kind: 'join', members, channelId });
  }

  /** A fan-out run, with the CPU time this (the servers') process spent meanwhile and its event loop's delay. */
  async fanout(sender: SocketRef, receivers: SocketRef[], channelId: string, count: number): Promise<FanoutResult> {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await this.run<FanoutResult>({ kind: 'fanout', sender, receivers, channelId, count, ratePerSecond: RATE_PER_SECOND });
    const used = process.cpuUsage(cpu);
    delay.disable();
    return {
      ...result,
      serverCpuMs: (used.user + used.system) / 1000,
      wallMs: performance.now() - started,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
    };
  }

  close(group: string): Promise<null> {
    return this.run({ kind: 'close', group });
  }

  /** Lets the child go (it closes its sockets and exits) and waits for it. */
  async end(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    await exited;
  }
}

// -------------------------------------------------------------------------------------------- the bare baseline

type BareServer = { url: string; close(): Promise<void> };

/**
 * The baseline: Socket.IO 4.8.4 on its own HTTP server, no authentication, no database. `chat:join` joins the room,
 * `chat:send` broadcasts a message shaped like ours to the room (the sender included, as ours does) and acknowledges
 * it. With `redis`, rooms span servers through the same Redis streams adapter the app uses, on a stream of its own.
 */
async function startBareServer(redis?: { client: Redis; streamName: string }): Promise<BareServer> {
  const server = http.createServer();
  const io = new Server(server, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (redis) io.adapter(createAdapter(redis.client, { streamName: redis.streamName, channelPrefix: redis.streamName }));
  let seq = 0;
  io.on('connection', (socket) => {
    socket.on('chat:join', (payload: { channelId: string }, ack: (a: unknown) => void) => {
      void socket.join(`channel:${payload.channelId}`);
      ack({ ok: true, data: { lastSeq: seq } });
    });
    socket.on('chat:send', (payload: { channelId: string; id: string; text: string }, ack: (a: unknown) => void) => {
      const message = {
        id: payload.id,
        channelId: payload.channelId,
        seq: ++seq,
        userId: socket.id,
        userName: 'Potilas0 Kilpa',
        role: 'patient',
        kind: 'text',
        text: payload.text,
        file: null,
        createdAt: new Date().toISOString(),
      };
      io.to(`channel:${payload.channelId}`).emit('chat:message', message);
      ack({ ok: true, data: message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      io.disconnectSockets(true);
      await io.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------- seeding

type Cast = {
  channelId: string;
  /** The channel's members as their sockets connect: patients (the sender first), the expert, the guests. */
  members: Omit<Target, 'url'>[];
  /** Session cookies of the other patients, who only hold a connection. */
  idle: string[];
  /** The sender's session token, for the measurements of the server's own work. */
  senderToken: string;
};

/**
 * A group appointment under way (started a minute ago) with 7 patients and 2 guests as participants and an expert
 * of its own, its channel opened through `openForAppointment` as the first member to come opens it; and the other
 * patients, who only hold a socket each.
 */
async function seedCast(t: TestApp): Promise<Cast> {
  const db = t.database.db;
  const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, ORGANISATION_SLUG));
  if (!organisation) throw new Error(`the seeded database has no organisation ${ORGANISATION_SLUG}`);
  const people = await onboardedPatientSessions(t, organisation.id, CONNECTIONS - 1 - MEMBER_GUESTS);
  const expert = await chatExpert(t, organisation.id, EXPERT_QUEUE);
  const now = new Date();
  const [appointment] = await db
    .insert(appointments)
    .values({
      organisationId: organisation.id,
      expertId: expert.expertId,
      name: 'Penkkiryhmä',
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 3 * 3600_000),
      type: 'group',
      status: 'booked',
    })
    .returning();
  const memberPatients = people.slice(0, MEMBER_PATIENTS);
  await db.insert(appointmentParticipants).values(
    memberPatients.map((p, i) => ({
      appointmentId: appointment!.id,
      role: 'patient' as const,
      patientId: p.id,
      // The name onboardedPatientSessions gives the patient.
      name: `Potilas${i} Kilpa`,
      language: 'fi' as const,
    })),
  );
  const guests = await db
    .insert(appointmentParticipants)
    .values(
      Array.from({ length: MEMBER_GUESTS }, (_, i) => ({
        appointmentId: appointment!.id,
        role: 'guest' as const,
        name: `Vieras${i} Penkki`,
        email: `vieras${i}@test.example`,
        language: 'fi' as const,
      })),
    )
    .returning({ id: appointmentParticipants.id });
  const guestTokens = await Promise.all(
    guests.map((g) => issueGuestToken(db, g.id, appointment!.id, new Date(now.getTime() + 3 * 3600_000))),
  );
  const channel = await db.transaction((tx) => openForAppointment(tx, appointment!, now));
  const cookie = (token: string) => `prsp_session=${token}`;
  return {
    channelId: channel.id,
    members: [
      ...memberPatients.map((p) => ({ cookie: cookie(p.token) })),
      { cookie: cookie(expert.browser.cookie('prsp_session')!) },
      ...guestTokens.map((guestToken) => ({ guestToken })),
    ],
    idle: people.slice(MEMBER_PATIENTS).map((p) => cookie(p.token)),
    senderToken: memberPatients[0]!.token,
  };
}

// ---------------------------------------------------------------------------------------------------- the pass

const benchStarted = performance.now();

/** A progress line on stderr, with the seconds since the start, so that slow stages show. */
function progress(line: string): void {
  console.error(`${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s ${line}`);
}

/** The measured rounds of two targets, merged per target; a problem of any round is a failure of the run. */
type Compared = { ours: FanoutResult; bare: FanoutResult };

const emptyFanout = (): FanoutResult => ({
  latencies: [],
  acks: [],
  lost: 0,
  refused: [],
  lateMs: 0,
  serverCpuMs: 0,
  wallMs: 0,
  loopDelayP99Ms: 0,
});

function merge(into: FanoutResult, round: FanoutResult): void {
  into.latencies.push(...round.latencies);
  into.acks.push(...round.acks);
  into.lost += round.lost;
  into.refused.push(...round.refused);
  into.lateMs = Math.max(into.lateMs, round.lateMs);
  into.serverCpuMs += round.serverCpuMs;
  into.wallMs += round.wallMs;
  into.loopDelayP99Ms = Math.max(into.loopDelayP99Ms, round.loopDelayP99Ms);
}

type Side = { sender: SocketRef; receivers: SocketRef[]; channelId: string };

/**
 * A warm-up of both targets (not counted; it also proves that messages fan out at all), then `ROUNDS` measured
 * rounds alternating which goes first, so that whatever else the shared machine does lands on both alike.
 */
async function compare(clients: Clients, ours: Side, bare: Side, label: string): Promise<Compared & { warmup: Compared }> {
  const run = (side: Side, count: number) => clients.fanout(side.sender, side.receivers, side.channelId, count);
  progress(`[${label}] warm-up: ${WARMUP_MESSAGES} messages each…`);
  const warmup = { ours: await run(ours, WARMUP_MESSAGES), bare: await run(bare, WARMUP_MESSAGES) };
  const result = { ours: emptyFanout(), bare: emptyFanout(), warmup };
  const perRound = Math.ceil(MESSAGES / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    const count = Math.min(perRound, MESSAGES - round * perRound);
    progress(`[${label}] round ${round + 1}/${ROUNDS}: ${count} messages each at ${RATE_PER_SECOND}/s…`);
    const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
    for (const which of order) merge(result[which], await run(which === 'ours' ? ours : bare, count));
  }
  return result;
}

/** Records a failure of the pass when a fan-out run lost, refused or left unacknowledged any of its `expected` messages. */
type CheckRun = (label: string, r: FanoutResult, expected: number) => void;

/** `compare`, then each side's warm-up and measured runs checked under its name, then both sides' sockets closed. */
async function compareChecked(
  clients: Clients,
  ours: Side & { group: string },
  bare: Side & { group: string },
  label: string,
  names: { ours: string; bare: string },
  checkRun: CheckRun,
): Promise<Compared & { warmup: Compared }> {
  const result = await compare(clients, ours, bare, label);
  checkRun(`${names.ours}, warm-up`, result.warmup.ours, WARMUP_MESSAGES);
  checkRun(`${names.bare}, warm-up`, result.warmup.bare, WARMUP_MESSAGES);
  checkRun(names.ours, result.ours, MESSAGES);
  checkRun(names.bare, result.bare, MESSAGES);
  await clients.close(ours.group);
  await clients.close(bare.group);
  return result;
}

type Memory = { rss: number; heap: number };

/** Garbage collection is exposed for the memory figures, which then count live objects, not garbage. */
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function memory(): Memory {
  collect();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

type Alone = { access: Latency; store: Latency; roundTrip: Latency };

/**
 * The server's own work per `chat:send`, one at a time with nothing else running: the access check a socket event
 * makes when its last one is older than ACCESS_RECHECK_MS (`socketAccess`: the session lookup, then the patient and
 * organisation) and the store (`sendText` without the broadcast: one statement and its commit). Beside them the floor
 * of any store, a round trip to the database (`select 1`). What the socket layer and the broadcast add is the rest of
 * the latency.
 */
async function timeAlone(t: TestApp, cast: Cast): Promise<Alone> {
  const socket = { data: { sessionToken: cast.senderToken, guestToken: null } } as unknown as RealtimeSocket;
  // Every event a no-op, whatever events the chat has: the broadcast is not part of what is timed here.
  const events = new Proxy({}, { get: () => () => {} }) as ChatEvents;
  const deps = { db: t.database.db, cipher: createFieldCipher(t.config.dataKey), events, emit: t.app.events.emit };
  const access: number[] = [];
  const store: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < ALONE_RUNS; i++) {
    const started = performance.now();
    const caller = chatCallerOf(await t.app.socketAccess(socket, { kind: 'chatMember' }));
    const checked = performance.now();
    await sendText(deps, caller, { channelId: cast.channelId, id: randomUUID(), text: `Yksin ${i}` });
    const storedAt = performance.now();
    await t.database.db.execute(sql`select 1`);
    access.push(checked - started);
    store.push(storedAt - checked);
    roundTrip.push(performance.now() - storedAt);
  }
  return { access: latencyOf(access), store: latencyOf(store), roundTrip: latencyOf(roundTrip) };
}

type PassResult = {
  database: string;
  connect: { ours: ConnectResult; bare: ConnectResult };
  memory: { before: Memory; ours: Memory; bare: Memory };
  one: Compared & { warmup: Compared };
  two: (Compared & { warmup: Compared }) | { skipped: string };
  alone: Alone;
};

async function redisAnswers(url: string): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    probe.disconnect();
  }
}

/** The channel's members as the clients' sockets `group[0..MEMBERS)`: the first sends, the others receive. */
function side(group: string, channelId: string): Side & { group: string; all: SocketRef[] } {
  const all = Array.from({ length: MEMBERS }, (_, index) => ({ group, index }));
  return { sender: all[0]!, receivers: all.slice(1), channelId, group, all };
}

async function runPass(
  name: string,
  testDatabaseUrl: string | undefined,
  redisDown: string | null,
  clients: Clients,
  failures: string[],
): Promise<PassResult> {
  // openTestDatabase reads TEST_DATABASE_URL: set, a scratch database on that server (dropped on close); unset, PGlite in memory.
  setTestDatabaseUrl(testDatabaseUrl);
  const fail = (what: string) => failures.push(`${name}: ${what}`);
  const checkRun: CheckRun = (label, r, expected) => {
    if (r.lost > 0) fail(`${label}: ${r.lost} of ${expected} messages did not reach every member within ${DELIVERY_TIMEOUT_MS} ms`);
    if (r.latencies.length + r.lost !== expected) fail(`${label}: ${r.latencies.length} delivered + ${r.lost} lost ≠ ${expected} sent`);
    if (r.acks.length !== expected) fail(`${label}: ${r.acks.length} of ${expected} sends acknowledged`);
    if (r.refused.length > 0) fail(`${label}: ${r.refused.length} sends refused (${[...new Set(r.refused)].join(', ')})`);
  };

  progress(`[${name}] a fresh seeded database, one app instance, ${CONNECTIONS} patients, expert and guests…`);
  const database: Database = await openTestDatabase();
  const bare = await startBareServer();
  try {
    // 1. One instance, 2,000 sockets. The database is the caller's so that the two instances of step 3 share it.
    const one = await startTestApp(APP_SETTINGS, { database });
    let cast: Cast;
    let connect: PassResult['connect'];
    let mem: PassResult['memory'];
    let oneResult: PassResult['one'];
    let alone: Alone;
    try {
      await seedDemo(database.db, createFieldCipher(one.config.dataKey));
      const seedStarted = Date.now();
      cast = await seedCast(one);
      progress(`[${name}] seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

      const before = memory();
      progress(`[${name}] connecting ${CONNECTIONS} sockets to the app…`);
      const oursTargets = [...cast.members, ...cast.idle.map((cookie) => ({ cookie }))].map((w) => ({ url: one.baseUrl, ...w }));
      const oursConnect = await clients.connect('one', oursTargets);
      const afterOurs = memory();
      progress(`[${name}] connecting ${CONNECTIONS} sockets to the bare server…`);
      const bareConnect = await clients.connect(
        'bare',
        Array.from({ length: CONNECTIONS }, () => ({ url: bare.url })),
      );
      const afterBare = memory();
      connect = { ours: oursConnect, bare: bareConnect };
      mem = { before, ours: afterOurs, bare: afterBare };
      for (const [label, c] of Object.entries(connect)) {
        if (c.failures > 0) fail(`${label}: ${c.failures} of ${CONNECTIONS} sockets failed to connect (${c.errors.join('; ')})`);
      }

      // 2. Fan-out in the 10-member channel while all of them are connected.
      const ours = side('one', cast.channelId);
      const bareSide = side('bare', 'bench-bare');
      for (const problem of await clients.join(ours.all, cast.channelId)) fail(`app: ${problem}`);
      for (const problem of await clients.join(bareSide.all, bareSide.channelId)) fail(`bare: ${problem}`);
      const names = { ours: 'one instance', bare: 'bare server' };
      oneResult = await compareChecked(clients, ours, bareSide, `${name}, one instance`, names, checkRun);
      progress(`[${name}] the server's own work per message, ${ALONE_RUNS} times one by one…`);
      alone = await timeAlone(one, cast);
    } finally {
      await one.close();
    }

    // 3. Two instances on the same database and one Redis, the members split between them.
    let two: PassResult['two'];
    if (redisDown !== null) two = { skipped: `Redis at ${REDIS_URL} does not answer (${redisDown})` };
    else two = await twoInstances(name, database, cast, clients, checkRun);
    return { database: name, connect, memory: mem, one: oneResult, two, alone };
  } finally {
    await bare.close();
    await database.close();
  }
}

async function twoInstances(
  name: string,
  database: Database,
  cast: Cast,
  clients: Clients,
  checkRun: CheckRun,
): Promise<Compared & { warmup: Compared }> {
  const run = `prsp-bench-${randomBytes(4).toString('hex')}`;
  // The app's keys (and its adapter's stream) under a prefix of this run's own, as multi-instance.int.test.ts does.
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `${run}:` });
  const bareRedis = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  const opened: { close(): Promise<void> }[] = [];
  try {
    progress(`[${name}] two app instances and two bare servers through Redis…`);
    const a = await startTestApp(APP_SETTINGS, { database, redis });
    opened.push(a);
    const b = await startTestApp(APP_SETTINGS, { database, redis });
    opened.push(b);
    const bareA = await startBareServer({ client: bareRedis[0]!, streamName: `${run}-bare` });
    opened.push(bareA);
    const bareB = await startBareServer({ client: bareRedis[1]!, streamName: `${run}-bare` });
    opened.push(bareB);
    // Half the members on each: the sender and every other member on A, the rest on B.
    const onA = (i: number) => i % 2 === 0;
    const ours = await clients.connect(
      'two',
      cast.members.map((m, i) => ({ url: onA(i) ? a.baseUrl : b.baseUrl, ...m })),
    );
    const bare = await clients.connect(
      'twoBare',
      cast.members.map((_, i) => ({ url: onA(i) ? bareA.url : bareB.url })),
    );
    for (const c of [ours, bare])
      if (c.failures > 0) throw new Error(`two instances: ${c.failures} sockets failed (${c.errors.join('; ')})`);
    const oursSide = side('two', cast.channelId);
    const bareSide = side('twoBare', 'bench-bare');
    for (const problem of await clients.join(oursSide.all, cast.channelId)) throw new Error(`two instances: ${problem}`);
    for (const problem of await clients.join(bareSide.all, bareSide.channelId)) throw new Error(`two bare servers: ${problem}`);
    const names = { ours: 'two instances', bare: 'two bare servers' };
    return await compareChecked(clients, oursSide, bareSide, `${name}, two instances`, names, checkRun);
  } finally {
    for (const o of opened.reverse()) await o.close();
    for (const r of bareRedis) r.disconnect();
    redis.disconnect();
    // What this run left in Redis: the streams, and whatever the app keeps under its prefix.
    const cleaner = new Redis(REDIS_URL);
    const keys = [`${run}-bare`, ...(await cleaner.keys(`${run}:*`))];
    await cleaner.del(...keys);
    cleaner.disconnect();
  }
}

// --------------------------------------------------------------------------------------------------- printing

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const ratio = (ours: number, bare: number) => (bare > 0 && Number.isFinite(ours) ? `${(ours / bare).toFixed(2)}×` : 'n/a');
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');

/** Rows of one pass: database | measurement | ours | bare | ours/bare | goal | met. */
function passRows(r: PassResult): string[][] {
  const rows: string[][] = [];
  const row = (what: string, ours: string, bare: string, rat = '', goal = '', met = '') =>
    rows.push([r.database, what, ours, bare, rat, goal, met]);
  const { ours: co, bare: cb } = r.connect;
  row(`${CONNECTIONS} sockets connected, all at once: s`, (co.ms / 1000).toFixed(1), (cb.ms / 1000).toFixed(1), ratio(co.ms, cb.ms));
  row(`${CONNECTIONS} sockets: failures`, String(co.failures), String(cb.failures), '', '0', yes(co.failures === 0 && cb.failures === 0));
  const rssOurs = r.memory.ours.rss - r.memory.before.rss;
  const rssBare = r.memory.bare.rss - r.memory.ours.rss;
  row(
    'server RSS: MB before → after (+Δ)',
    `${mb(r.memory.before.rss)} → ${mb(r.memory.ours.rss)} (${rssOurs < 0 ? '' : '+'}${mb(rssOurs)})`,
    `${mb(r.memory.ours.rss)} → ${mb(r.memory.bare.rss)} (${rssBare < 0 ? '' : '+'}${mb(rssBare)})`,
  );
  row(
    'server heap (live, after GC) per socket: kB',
    ((r.memory.ours.heap - r.memory.before.heap) / 1024 / CONNECTIONS).toFixed(1),
    ((r.memory.bare.heap - r.memory.ours.heap) / 1024 / CONNECTIONS).toFixed(1),
    ratio(r.memory.ours.heap - r.memory.before.heap, r.memory.bare.heap - r.memory.ours.heap),
  );
  const fanoutRows = (label: string, c: Compared & { warmup: Compared }, p99Goal: number, ratioGoal?: number) => {
    const lo = latencyOf(c.ours.latencies);
    const lb = latencyOf(c.bare.latencies);
    const delivered = (f: FanoutResult, n: number) => `${f.latencies.length}/${n}`;
    row(
      `${label}: messages to all ${MEMBERS - 1} (warm-up)`,
      `${delivered(c.ours, MESSAGES)} (${delivered(c.warmup.ours, WARMUP_MESSAGES)})`,
      `${delivered(c.bare, MESSAGES)} (${delivered(c.warmup.bare, WARMUP_MESSAGES)})`,
      '',
      'all',
      yes(c.ours.lost === 0 && c.warmup.ours.lost === 0 && c.ours.refused.length === 0),
    );
    for (const p of ['p50', 'p95', 'p99', 'max'] as const) {
      const goals: string[] = [];
      let met = true;
      if (p === 'p99') {
        goals.push(`< ${p99Goal} ms`);
        met &&= lo.p99 < p99Goal;
        if (ratioGoal !== undefined) {
          goals.push(`≤ ${ratioGoal}× bare`);
          met &&= lo.p99 <= ratioGoal * lb.p99;
        }
      }
      row(`${label}: fan-out ${p} ms`, ms(lo[p]), ms(lb[p]), ratio(lo[p], lb[p]), goals.join(', '), p === 'p99' ? yes(met) : '');
    }
    const ao = latencyOf(c.ours.acks);
    const ab = latencyOf(c.bare.acks);
    row(`${label}: sender's ack p50 / p99 ms`, `${ms(ao.p50)} / ${ms(ao.p99)}`, `${ms(ab.p50)} / ${ms(ab.p99)}`, ratio(ao.p99, ab.p99));
    // Busy above ~100 % of one core, the servers' one event loop cannot keep up and messages queue.
    const busy = (f: FanoutResult) => (f.wallMs > 0 ? (100 * f.serverCpuMs) / f.wallMs : NaN);
    row(`${label}: server CPU, % of one core`, busy(c.ours).toFixed(0), busy(c.bare).toFixed(0), ratio(busy(c.ours), busy(c.bare)));
    row(`${label}: server event loop delay, worst round p99 ms`, ms(c.ours.loopDelayP99Ms), ms(c.bare.loopDelayP99Ms));
    row(`${label}: clients behind the send schedule, max ms`, ms(c.ours.lateMs), ms(c.bare.lateMs));
  };
  fanoutRows(`one instance, ${CONNECTIONS} connected`, r.one, ONE_P99_LIMIT_MS, RATIO_LIMIT);
  if ('skipped' in r.two) row('two instances through Redis', `skipped: ${r.two.skipped}`, '');
  else fanoutRows('two instances via Redis', r.two, TWO_P99_LIMIT_MS, RATIO_LIMIT);
  row('alone: access check per event p50 / p99 ms', `${ms(r.alone.access.p50)} / ${ms(r.alone.access.p99)}`, '—');
  row('alone: store transaction p50 / p99 ms', `${ms(r.alone.store.p50)} / ${ms(r.alone.store.p99)}`, '—');
  row('alone: a round trip (select 1) p50 / p99 ms', `${ms(r.alone.roundTrip.p50)} / ${ms(r.alone.roundTrip.p99)}`, '—');
  return rows;
}

// ------------------------------------------------------------------------------------------------------- main

async function main(): Promise<number> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const pass = POSTGRES_URL ? { name: 'PostgreSQL', url: POSTGRES_URL } : { name: 'PGlite (memory)', url: undefined };
  const pgDown = POSTGRES_URL ? await postgresAnswers(POSTGRES_URL) : null;
  if (pgDown !== null) {
    console.error(`PostgreSQL at ${redact(POSTGRES_URL!)} does not answer (${pgDown})`);
    return 1;
  }
  const redisDown = await redisAnswers(REDIS_URL);

  const previousTestUrl = process.env.TEST_DATABASE_URL;
  const clients = new Clients();
  const results: PassResult[] = [];
  const failures: string[] = [];
  let crashed: unknown = null;
  try {
    results.push(await runPass(pass.name, pass.url, redisDown, clients, failures));
  } catch (err) {
    crashed = err;
  } finally {
    await clients.end();
    setTestDatabaseUrl(previousTestUrl);
  }

  console.log('');
  // The machine line of the other benchmarks; their settings line (autocannon's duration and connections) is not ours.
  console.log(describeMachine(readSettings()).split('\n')[0]);
  console.log(
    `scenario: ${CONNECTIONS} sockets (websocket) on one instance; a group channel of ${MEMBERS} (${MEMBER_PATIENTS} patients, ` +
      `1 expert, ${MEMBER_GUESTS} guests), one patient sending ${MESSAGES} messages at ${RATE_PER_SECOND}/s in ${ROUNDS} rounds ` +
      `alternating with the baseline (after ${WARMUP_MESSAGES} warm-up messages each); fan-out = emit → the last of the other ` +
      `${MEMBERS - 1} members has it`,
  );
  console.log(
    'baseline: bare Socket.IO 4.8.4 (no auth, no database) in this process, the same 2,000 sockets and a room of 10; ' +
      'through Redis: two bare servers with the same Redis streams adapter',
  );
  console.log('clients: a child process of their own; servers and PGlite in this one (RSS and heap are theirs)');
  if (POSTGRES_URL) console.log(`database: PostgreSQL at ${redact(POSTGRES_URL)} (a scratch database, dropped afterwards)`);
  else console.log('database: PGlite in memory, in this process (BENCH_DATABASE_URL names a PostgreSQL server instead)');
  console.log(redisDown === null ? `Redis: ${REDIS_URL}` : `Redis skipped: ${REDIS_URL} does not answer (${redisDown})`);
  if (results.length > 0) {
    console.log('');
    console.log(table(['database', 'measurement', 'ours', 'bare Socket.IO', 'ours/bare', 'goal', 'met'], results.flatMap(passRows), 2));
  }
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `\nwhole run: ${((Date.now() - started) / 1000).toFixed(0)} s; load average (1, 5, 15 min) before: ${load(loadBefore)}, after: ${load(os.loadavg())}`,
  );

  reportGoals('bench:chat', results.flatMap(issue31Goals));
  return verdict(crashed, failures);
}

/** Issue 31's goal, for bench:all's summary: fan-out p99 within 1.5× bare Socket.IO's, on one instance and across two. */
function issue31Goals(r: PassResult): Goal[] {
  const runs = [['one instance', r.one] as const, ...('skipped' in r.two ? [] : [['two instances via Redis', r.two] as const])];
  return runs.map(([label, c]) => {
    const [ours, bare] = [latencyOf(c.ours.latencies).p99, latencyOf(c.bare.latencies).p99];
    return {
      measurement: `${r.database}, ${label}: fan-out p99`,
      value: `${ms(ours)} ms (${ratio(ours, bare)})`,
      baseline: `${ms(bare)} ms bare`,
      goal: `≤ ${RATIO_LIMIT}× bare`,
      met: ours <= RATIO_LIMIT * bare && c.ours.lost === 0,
    };
  });
}

if (process.argv.includes('--clients')) serveClients();
else await runBenchmark(main);
