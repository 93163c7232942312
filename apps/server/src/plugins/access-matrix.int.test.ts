import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { SocketAck } from '@prsp/contracts';
import { sessions } from '../db/schema';
import { sha256 } from '../platform/crypto/tokens';
import type * as RouteAccessModule from '../platform/access/route-access';
import type { DeclaredRoute, RouteAccess } from '../platform/access/route-access';
import { startTestApp } from '../test/test-app';
import { guardAllows } from './access-matrix-expectations.steps';
import { guardLog } from './access-matrix-probe.steps';
import { buildWorld, objectKinds, other, pathFor, type MatrixCaller, type ObjectKind, type OrgKey } from './access-matrix-world.steps';
import { SAMPLE_BODIES } from './admin-rights-matrix.steps';
import { ADMIN_HANDSHAKE_ACCESS, HANDSHAKE_ACCESS, SOCKET_PATH } from './realtime';

// The guard's own verdict, read where it is made: every declaration goes through `loadAccess`, which this wraps.
vi.mock('../platform/access/route-access', async (importOriginal) => {
  const real = await importOriginal<typeof RouteAccessModule>();
  const { observed } = await import('./access-matrix-probe.steps');
  return { ...real, loadAccess: observed(real.loadAccess) };
});

/**
 * The access matrix (issue 13, docs/security.md 'Access matrix'): every declared route and socket event × thirteen
 * callers × {own object, another organisation's object}.
 *
 * The rule of a case:
 * - expected: `guardAllows(declaration, caller)`, one pure function of the declaration; a declaration it does not know
 *   fails the file.
 * - actual: what the guard itself decided (`loadAccess`, observed through the probe), not a guess from the status:
 *   after the guard, a service's own object check may answer 403 or 404 and a body 400 or 422, and none of those
 *   says whether the guard let the caller through. A guarded route the guard never reached (a CSRF or rate-limit
 *   refusal in front of it) counts as refused.
 * - a guard refusal must answer as the catalogue says: 401 with 101, 403 with 403, or 404 with 404 (no organisation
 *   chosen), the same code as the guard threw.
 * - unexpected allow: the guard let through a caller the declaration refuses; or, past the guard, a 2xx on another
 *   organisation's object (global admins aside, who may work in any) or, for the person who tried to act for the
 *   patient without a mandate, on that patient's own objects. Must be 0.
 * - unexpected refusal: the guard refused a caller the declaration admits. Reported and asserted 0.
 */

const PATIENT_OWNED = new Set<ObjectKind>(['booking', 'chatChannel', 'conversation', 'conversationMessage', 'surveyResponse', 'patient']);
const ORIGIN_HEADER = (baseUrl: string) => new URL(baseUrl).origin;

// Routes that change the caller's session run after the rest, and those that end it after everything.
const SESSION_CHANGING = /^\/api\/(login|sso\/set_role|sso\/password\/change|on-behalf\/)/;
const SESSION_ENDING = /^\/api\/(logout|sso\/logout)$/;
function phaseOf(route: DeclaredRoute): number {
  if (SESSION_ENDING.test(route.path)) return 4;
  if (SESSION_CHANGING.test(route.path)) return 3;
  if (route.method === 'GET') return 0;
  return route.method === 'DELETE' ? 2 : 1;
}

const label = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

type Variant = 'own' | 'other' | 'none';
type Case = {
  route: string;
  caller: string;
  variant: Variant;
  expected: boolean;
  guard: 'passed' | 'refused' | 'not reached';
  status: number;
  code: number | undefined;
  guardCode?: number;
  body?: string;
};

const startedAt = Date.now();
const t = await startTestApp();
const world = await buildWorld(t);
const worldMs = Date.now() - startedAt;
afterAll(() => t.close());

/** Who the probe names for a caller: its session's id, or its bearer token. */
const whoOf = new Map<string, string | null>();
for (const caller of world.callers) {
  const token = caller.cookies.prsp_session;
  if (caller.bearer) whoOf.set(caller.name, caller.bearer);
  else if (!token) whoOf.set(caller.name, null);
  else {
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    whoOf.set(caller.name, row!.id);
  }
}
// Each caller calls from an address of its own, so per-address rate limits count each caller separately.
const addressOf = new Map(world.callers.map((c, i) => [c.name, `127.0.1.${i + 1}`]));

async function codeOf(res: { headers: Record<string, unknown>; body: string }): Promise<number | undefined> {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return undefined;
  try {
    return (JSON.parse(res.body) as { statusCode?: number }).statusCode;
  } catch {
    return undefined;
  }
}

/**
 * One HTTP case: the request as the web app sends it (cookies, CSRF header, Origin, bearer token), and what the guard
 * said, first in the guard's log (cases run one at a time, so the log holds this request's guard alone).
 */
async function runCase(route: DeclaredRoute, caller: MatrixCaller, variant: Variant): Promise<Case> {
  guardLog.length = 0;
  const org: OrgKey = variant === 'other' ? other(caller.home) : caller.home;
  const headers: Record<string, string> = {
    cookie: Object.entries(caller.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    origin: ORIGIN_HEADER(t.baseUrl),
  };
  if (caller.cookies.prsp_csrf) headers['x-csrf-token'] = caller.cookies.prsp_csrf;
  if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
  let payload: string | undefined;
  if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(SAMPLE_BODIES[label(route)]?.() ?? {});
  }
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: pathFor(route, world, org),
    headers,
    payload,
    remoteAddress: addressOf.get(caller.name),
  });
  const first = guardLog[0];
  const guard = route.access.kind === 'anyone' || first?.passed ? 'passed' : first ? 'refused' : 'not reached';
  return {
    route: label(route),
    caller: caller.name,
    variant,
    expected: guardAllows(route.access, caller.profile),
    guard,
    status: res.statusCode,
    code: await codeOf(res),
    body: res.body,
    guardCode: first && !first.passed ? first.code : undefined,
  };
}

const dataOf = (c: Case) => (JSON.parse(c.body ?? '{}') as { data?: unknown }).data;

/**
 * Routes reviewed to answer 2xx on another organisation's object without giving or changing anything of it, and the
 * check that they still do: the answer is only the caller's own share.
 */
const REVIEWED_2XX: Record<string, { why: string; harmless: (c: Case) => boolean }> = {
  'GET /api/expert/chat/contact-history/:patientId': {
    why: "lists the patient's ended chats in the expert's own organisations only: another organisation's patient has none there",
    harmless: (c) => Array.isArray(dataOf(c)) && (dataOf(c) as unknown[]).length === 0,
  },
  'POST /api/services/unlock/:uuid': {
    why: "deletes the caller's own hold on the slot, if any: nobody else's hold, and it answers nothing",
    harmless: (c) => dataOf(c) === null,
  },
};

/** Whether a case past the guard reached an object the caller must not reach, and was answered with success. */
function objectLeak(route: DeclaredRoute, caller: MatrixCaller, c: Case): boolean {
  if (c.guard !== 'passed' || route.access.kind === 'anyone' || c.status < 200 || c.status >= 300) return false;
  if (REVIEWED_2XX[c.route]?.harmless(c)) return false;
  const kinds = objectKinds(route);
  if (kinds.length === 0) return false;
  if (c.variant === 'other') return !caller.isGlobalAdmin;
  return !caller.ownsHomeObjects && kinds.some((k) => PATIENT_OWNED.has(k));
}

/**
 * A refusal by the guard answers with the code the guard threw, as the catalogue says: in the API's envelope, or, on
 * the FHIR API, as an OperationOutcome with the same HTTP status.
 */
function refusalAnswered(c: Case): boolean {
  const http: Record<number, number> = { 101: 401, 403: 403, 404: 404, 607: 403 };
  if (c.guardCode === undefined || http[c.guardCode] !== c.status) return false;
  if (c.route.includes(' /fhir/')) return (JSON.parse(c.body ?? '{}') as { resourceType?: string }).resourceType === 'OperationOutcome';
  return c.code === c.guardCode;
}

const ROUTES = [...t.app.declaredRoutes].sort((a, b) => phaseOf(a) - phaseOf(b));
const totals = { http: 0, socket: 0, unexpectedAllows: 0, unexpectedRefusals: 0 };

describe('the declarations', () => {
  test('every route and socket event declares a kind the expectation knows', () => {
    const unknown: string[] = [];
    const anyone = world.callers[0]!.profile;
    for (const r of ROUTES) {
      try {
        guardAllows(r.access, anyone);
      } catch {
        unknown.push(`${label(r)}: ${r.access.kind}`);
      }
    }
    for (const e of t.app.declaredSocketEvents) {
      try {
        guardAllows(e.access, anyone);
      } catch {
        unknown.push(`socket ${e.event}: ${e.access.kind}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(200);
  });

  test('every object a path names is one the world holds in both organisations', () => {
    // A new kind needs its maker in OBJECT_FIXTURES (admin routes) or in the world (access-matrix-world.steps.ts).
    const missing = ROUTES.flatMap((r) =>
      objectKinds(r)
        .filter((kind) => !world.objects.espoo[kind] || !world.objects.kaarina[kind])
        .map((kind) => `${label(r)}: ${kind}`),
    );
    expect(missing).toEqual([]);
  });
});

type ChatSocket = Socket;

/** Who may open a socket: whoever can be in a chat, or an admin in the admin app (the queue board). */
const handshakeAllows = (profile: MatrixCaller['profile']) =>
  guardAllows(HANDSHAKE_ACCESS, profile) || guardAllows(ADMIN_HANDSHAKE_ACCESS, profile);

/** Opens a socket as the app's page does (session cookie, our Origin, or a guest's token): the socket, or the refusal's code. */
function connect(caller: MatrixCaller): Promise<{ socket: ChatSocket } | { refused: number }> {
  const socket = io(t.baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: {
      origin: ORIGIN_HEADER(t.baseUrl),
      ...(caller.cookies.prsp_session ? { cookie: `prsp_session=${caller.cookies.prsp_session}` } : {}),
    },
    auth: caller.bearer ? { token: caller.bearer } : {},
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => {
      socket.close();
      resolve({ refused: (err as Error & { data?: { statusCode?: number } }).data?.statusCode ?? 0 });
    });
  });
}

/** Emits and waits for the acknowledgement; events that acknowledge only a refusal get `silentMs` to give one. */
function emit(socket: ChatSocket, event: string, payload: unknown, silentMs?: number): Promise<SocketAck<unknown> | 'silent'> {
  return new Promise((resolve) => {
    const timer = silentMs === undefined ? undefined : setTimeout(() => resolve('silent'), silentMs);
    socket.emit(event, payload, (ack: SocketAck<unknown>) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
}

const SOCKET_PAYLOADS: Record<string, (channelId: string) => unknown> = {
  'chat:join': (channelId) => ({ channelId }),
  'chat:send': (channelId) => ({ channelId, id: randomUUID(), text: 'Matriisi' }),
  'chat:typing': (channelId) => ({ channelId, typing: true }),
  'chat:read': (channelId) => ({ channelId, seq: 0 }),
  'queue:watch': () => ({}),
  'board:watch': () => ({}),
  'board:watchAsLead': () => ({}),
  'presence:heartbeat': () => ({ active: false }),
  'video:join': (channelId) => ({ channelId, audio: false, video: false, screen: false }),
  'video:state': (channelId) => ({ channelId, audio: true, video: false, screen: false }),
  'video:signal': (channelId) => ({ channelId, to: 'nobody', candidate: { candidate: 'x' } }),
  'video:leave': (channelId) => ({ channelId }),
};
// Events answered only when refused: when they pass, the handler acknowledges nothing.
const SILENT_WHEN_PASSED = new Set(['chat:typing', 'video:state', 'video:signal']);
// Events whose success on another organisation's channel would be an object-level leak.
const OBJECT_CHECKED = new Set(['chat:join', 'chat:send', 'chat:read', 'video:join']);

describe('socket events', () => {
  const sockets = new Map<string, ChatSocket>();
  const handshakeCode = new Map<string, number>();
  afterAll(() => {
    for (const s of sockets.values()) s.close();
  });

  test('every event a socket listens to is declared, and an undeclared one is refused', async () => {
    const expert = world.callers.find((c) => c.name === 'expert')!;
    const opened = await connect(expert);
    if (!('socket' in opened)) throw new Error(`expert socket refused: ${opened.refused}`);
    const server = t.app.realtime.sockets.sockets.get(opened.socket.id!)!;
    const declared = new Set(t.app.declaredSocketEvents.map((e) => e.event));
    const listened = server.eventNames().filter((e) => typeof e === 'string' && !['disconnect', 'disconnecting', 'error'].includes(e));
    expect(listened.filter((e) => !declared.has(e as string))).toEqual([]);
    expect(listened.length).toBeGreaterThan(5);
    const ack = await emit(opened.socket, 'matrix:undeclared', {});
    expect(ack).toMatchObject({ ok: false, statusCode: 403 });
    opened.socket.close();
  });

  test("every socket event × every caller × own and another organisation's channel", async () => {
    const cases: Case[] = [];
    const leaks: string[] = [];
    // The handshake, one caller at a time so the guard's log is theirs.
    for (const caller of world.callers) {
      guardLog.length = 0;
      const opened = await connect(caller);
      const outcome = guardLog.find((o) => o.who === whoOf.get(caller.name));
      if ('socket' in opened) sockets.set(caller.name, opened.socket);
      else handshakeCode.set(caller.name, opened.refused);
      const passed = 'socket' in opened;
      expect(outcome?.passed ?? false, caller.name).toBe(passed);
      cases.push({
        route: 'socket connection',
        caller: caller.name,
        variant: 'none',
        expected: handshakeAllows(caller.profile),
        guard: passed ? 'passed' : 'refused',
        status: passed ? 101 : 401,
        code: passed ? undefined : opened.refused,
      });
    }
    for (const { event, access } of t.app.declaredSocketEvents.filter((e) => e.event !== 'connection')) {
      const payload = SOCKET_PAYLOADS[event];
      expect(payload, `${event} has a payload in SOCKET_PAYLOADS`).toBeDefined();
      for (const variant of ['other', 'own'] as const) {
        guardLog.length = 0;
        const acks = await Promise.all(
          world.callers.map(async (caller) => {
            const socket = sockets.get(caller.name);
            if (!socket) return undefined;
            const org = variant === 'other' ? other(caller.home) : caller.home;
            return emit(socket, event, payload!(world.objects[org].chatChannel!), SILENT_WHEN_PASSED.has(event) ? 300 : undefined);
          }),
        );
        world.callers.forEach((caller, i) => {
          const ack = acks[i];
          const expected = handshakeAllows(caller.profile) && guardAllows(access as RouteAccess, caller.profile);
          const outcome = guardLog.find((o) => o.who === whoOf.get(caller.name));
          // No entry in the log: the socket's checked caller was still fresh (ACCESS_RECHECK_MS), which holds only passes.
          const refusedByAck = ack !== undefined && ack !== 'silent' && !ack.ok && [101, 403, 607].includes(ack.statusCode);
          const guard: Case['guard'] = ack === undefined ? 'refused' : outcome ? (outcome.passed ? 'passed' : 'refused') : 'passed';
          if (outcome && !outcome.passed) expect(refusedByAck, `${event} ${caller.name}`).toBe(true);
          const c: Case = {
            route: `socket ${event}`,
            caller: caller.name,
            variant,
            expected,
            guard,
            status: ack === undefined ? 401 : ack === 'silent' ? 0 : ack.ok ? 200 : 400,
            code: ack === undefined ? handshakeCode.get(caller.name) : ack === 'silent' || ack.ok ? undefined : ack.statusCode,
          };
          cases.push(c);
          const leaked = ack !== undefined && ack !== 'silent' && ack.ok && OBJECT_CHECKED.has(event);
          if (leaked && ((variant === 'other' && !caller.isGlobalAdmin) || (variant === 'own' && !caller.ownsHomeObjects)))
            leaks.push(`${event} ${caller.name} ${variant}`);
        });
      }
    }
    const allows = cases.filter((c) => c.guard === 'passed' && !c.expected).map((c) => `${c.route} ${c.caller}`);
    const refusals = cases.filter((c) => c.guard !== 'passed' && c.expected).map((c) => `${c.route} ${c.caller}`);
    totals.socket = cases.length;
    totals.unexpectedAllows += allows.length + leaks.length;
    totals.unexpectedRefusals += refusals.length;
    expect(allows).toEqual([]);
    expect(leaks).toEqual([]);
    expect(refusals).toEqual([]);
  });
});

describe('HTTP routes', () => {
  test("every route × every caller × own and another organisation's object", { timeout: 300_000 }, async () => {
    const httpStartedAt = Date.now();
    const cases: Case[] = [];
    const leaks: string[] = [];
    const badAnswers: string[] = [];
    for (const route of ROUTES) {
      const variants: Variant[] = objectKinds(route).length > 0 ? ['other', 'own'] : ['none'];
      for (const variant of variants) {
        for (const caller of world.callers) {
          const c = await runCase(route, caller, variant);
          cases.push(c);
          if (objectLeak(route, caller, c)) leaks.push(`${c.route} ${c.caller} ${c.variant}: ${c.status}`);
          if (c.guard === 'refused' && !refusalAnswered(c))
            badAnswers.push(`${c.route} ${c.caller}: guard ${c.guardCode}, answer ${c.status}/${c.code}`);
        }
      }
    }
    const allows = cases.filter((c) => c.guard === 'passed' && !c.expected).map((c) => `${c.route} ${c.caller} ${c.variant}: ${c.status}`);
    const refusals = cases
      .filter((c) => c.guard !== 'passed' && c.expected)
      .map((c) => `${c.route} ${c.caller} ${c.variant}: ${c.guard} ${c.status}/${c.code}`);
    totals.http = cases.length;
    totals.unexpectedAllows += allows.length + leaks.length;
    totals.unexpectedRefusals += refusals.length;
    const passedOn = (s: number) => cases.filter((c) => c.guard === 'passed' && c.status === s).length;
    console.log(
      `access matrix: ${ROUTES.length} routes and ${t.app.declaredSocketEvents.length} socket events × ${world.callers.length} callers; ` +
        `${totals.http} HTTP cases + ${totals.socket} socket cases = ${totals.http + totals.socket}; ` +
        `unexpected allows ${totals.unexpectedAllows} (object-level ${leaks.length}), unexpected refusals ${totals.unexpectedRefusals}; ` +
        `past the guard: 400 ×${passedOn(400)}, 403 ×${passedOn(403)}, 404 ×${passedOn(404)}, 422 ×${passedOn(422)}; ` +
        `refused by the guard ${cases.filter((c) => c.guard === 'refused').length}, before it ${cases.filter((c) => c.guard === 'not reached').length}; ` +
        `app and world ${worldMs} ms, HTTP cases ${Date.now() - httpStartedAt} ms`,
    );
    const notReached = cases.filter((c) => c.guard === 'not reached').map((c) => `${c.route} ${c.caller}: ${c.status}/${c.code}`);
    expect({ allows, leaks, refusals, badAnswers, notReached: [...new Set(notReached)].slice(0, 60) }).toEqual({
      allows: [],
      leaks: [],
      refusals: [],
      badAnswers: [],
      notReached: [],
    });
    expect(totals.unexpectedAllows).toBe(0);
    expect(totals.unexpectedRefusals).toBe(0);
    expect(totals.http + totals.socket).toBeGreaterThan(3000);
  });
});
