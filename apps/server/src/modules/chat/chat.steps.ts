import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientEvents, ServerEvents, SocketAck } from '@prsp/contracts';
import { appointmentParticipants, appointments, chatQueues, experts, services, sessions, staffUsers } from '../../db/schema';
import { issueGuestToken } from '../../platform/access/guest-access';
import { sha256 } from '../../platform/crypto/tokens';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

export type ChatSocket = Socket<ServerEvents, ClientEvents>;

/** The id of a demo service by its slug in an organisation. */
export async function serviceId(t: TestApp, organisationId: string, slug: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), eq(services.slug, slug)));
  return row!.id;
}

/** An expert of the organisation serving `queueId`, signed in to the expert app in a browser of their own. */
export async function chatExpert(
  t: TestApp,
  organisationId: string,
  queueId: string,
  name = { firstName: 'Sanna', lastName: 'Hoitaja' },
): Promise<{ browser: TestBrowser; expertId: string; userId: string; name: string }> {
  const db = t.database.db;
  const email = `chat-${randomBytes(6).toString('hex')}@test.example`;
  const [user] = await db
    .insert(staffUsers)
    .values({ email, ...name })
    .returning({ id: staffUsers.id });
  const [expert] = await db
    .insert(experts)
    .values({
      userId: user!.id,
      organisationId,
      specializations: ['nurse'],
      chatQueueId: queueId,
      chatUserId: `cu-${randomBytes(6).toString('hex')}`,
    })
    .returning({ id: experts.id });
  const { token } = await createSession(db, t.config.session, { staffUserId: user!.id, appRole: 'expert', organisationId });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  return { browser: withCsrfCookie(browser), expertId: expert!.id, userId: user!.id, name: `${name.firstName} ${name.lastName}` };
}

/** A Socket.IO client as a page of the app opens one: the browser's cookies, our own Origin, or a guest's token. */
export async function connectSocket(
  baseUrl: string,
  who: { browser?: TestBrowser; guestToken?: string; origin?: string },
): Promise<ChatSocket> {
  const cookie = who.browser ? ['prsp_session'].map((n) => `${n}=${who.browser!.cookie(n) ?? ''}`).join('; ') : undefined;
  const socket: ChatSocket = io(baseUrl, {
    path: '/api/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin: who.origin ?? new URL(baseUrl).origin, ...(cookie ? { cookie } : {}) },
    auth: who.guestToken ? { token: who.guestToken } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Emits an event and waits for its acknowledgement. */
export function emitAck<E extends 'chat:join' | 'chat:send' | 'chat:read' | 'queue:watch' | 'video:join' | 'video:leave'>(
  socket: ChatSocket,
  event: E,
  payload: Parameters<ClientEvents[E]>[0],
): Promise<SocketAck<unknown>> {
  return new Promise((resolve) => {
    (socket.emit as (e: string, p: unknown, ack: (r: SocketAck<unknown>) => void) => void)(event, payload, resolve);
  });
}

/** Sends a text and answers the stored message (throws on a refusal). */
export async function say(socket: ChatSocket, channelId: string, text: string, id: string = randomUUID()) {
  const ack = await emitAck(socket, 'chat:send', { channelId, id, text });
  if (!ack.ok) throw new Error(`chat:send refused with ${ack.statusCode}`);
  return ack.data as { id: string; seq: number; text: string };
}

/** The next event of a kind that matches, within `ms` (no sleeping: it resolves as soon as it arrives). */
export function nextEvent<E extends keyof ServerEvents>(
  socket: ChatSocket,
  event: E,
  match: (payload: Parameters<ServerEvents[E]>[0]) => boolean = () => true,
  ms = 5000,
): Promise<Parameters<ServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: Parameters<ServerEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** A minimal valid PDF: what the magic-byte check and a PDF reader both accept. */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** Uploads a chat attachment as the composer does: the client's message id first, then the file. */
export function uploadFile(
  browser: TestBrowser,
  channelId: string,
  file: { name: string; bytes: Buffer; type?: string },
  id: string = randomUUID(),
) {
  const form = new FormData();
  form.append('id', id);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return browser.fetch(`/api/chat/channels/${channelId}/files`, { method: 'POST', body: form });
}

/** A chat queue and a service entering it, of their own: a test's waiting line then holds only its own patients. */
export async function ownQueue(
  t: TestApp,
  organisationId: string,
  opts: { requiresCode?: boolean } = {},
): Promise<{ queueId: string; serviceId: string }> {
  const db = t.database.db;
  const tag = randomBytes(4).toString('hex');
  const queueId = `q-${tag}`;
  await db.insert(chatQueues).values({ id: queueId, organisationId, name: `Jono ${tag}` });
  const name = { fi: `Palvelu ${tag}`, se: `Tjänst ${tag}`, en: `Service ${tag}` };
  const [service] = await db
    .insert(services)
    .values({
      organisationId,
      slug: `s-${tag}`,
      name,
      description: name,
      icon: 'nurse',
      chatQueueId: queueId,
      requiresCode: opts.requiresCode ?? false,
    })
    .returning({ id: services.id });
  return { queueId, serviceId: service!.id };
}

/** The patient a browser's session belongs to (the browsers of `onboardedPatients` carry only their cookies). */
export async function sessionPatientId(t: TestApp, browser: TestBrowser): Promise<string> {
  const [row] = await t.database.db
    .select({ patientId: sessions.patientId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(browser.cookie('prsp_session') ?? '')));
  if (!row?.patientId) throw new Error('browser has no patient session');
  return row.patientId;
}

export type AppointmentCast = {
  patients?: { id: string; name: string }[];
  /** Experts taking part besides the appointment's own expert and host (participant rows of role expert). */
  experts?: { id: string; name: string }[];
  guests?: { name: string; email: string }[];
};

/**
 * A booked appointment and its participants written straight into the database, as the booking tests make theirs:
 * a one-to-one (its expert, its queue, one patient) or a group (its expert, its host, patients, experts, guests).
 */
export async function bookedAppointment(
  t: TestApp,
  organisationId: string,
  opts: {
    type: 'oneOnOne' | 'group';
    expertId: string;
    hostExpertId?: string;
    queueId?: string;
    startsAt: Date;
    minutes?: number;
    status?: 'booked' | 'selfBooked' | 'cancelled';
  } & AppointmentCast,
): Promise<{ id: string; startsAt: Date; endsAt: Date; participants: { patients: string[]; experts: string[]; guests: string[] } }> {
  const db = t.database.db;
  const endsAt = new Date(opts.startsAt.getTime() + (opts.minutes ?? 30) * 60_000);
  const [appointment] = await db
    .insert(appointments)
    .values({
      organisationId,
      expertId: opts.expertId,
      hostExpertId: opts.hostExpertId ?? null,
      name: opts.type === 'group' ? 'Ryhmävastaanotto' : 'Vastaanotto',
      startsAt: opts.startsAt,
      endsAt,
      type: opts.type,
      status: opts.status ?? 'booked',
      queueId: opts.queueId ?? null,
      bookedAt: new Date(),
    })
    .returning({ id: appointments.id });
  const id = appointment!.id;
  const insert = async (rows: (typeof appointmentParticipants.$inferInsert)[]) =>
    rows.length === 0
      ? []
      : (await db.insert(appointmentParticipants).values(rows).returning({ id: appointmentParticipants.id })).map((r) => r.id);
  return {
    id,
    startsAt: opts.startsAt,
    endsAt,
    participants: {
      // One insert per role, so each list keeps the order it was given in.
      patients: await insert(
        (opts.patients ?? []).map((p) => ({
          appointmentId: id,
          role: 'patient' as const,
          patientId: p.id,
          name: p.name,
          language: 'fi' as const,
        })),
      ),
      experts: await insert(
        (opts.experts ?? []).map((e) => ({
          appointmentId: id,
          role: 'expert' as const,
          expertId: e.id,
          name: e.name,
          language: 'fi' as const,
        })),
      ),
      guests: await insert(
        (opts.guests ?? []).map((g) => ({
          appointmentId: id,
          role: 'guest' as const,
          name: g.name,
          email: g.email,
          language: 'en' as const,
        })),
      ),
    },
  };
}

/** A guest signed in to one appointment: their bearer token on every call, and the CSRF cookie a page of ours has. */
export type GuestClient = {
  token: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
};

/** Issues a guest token as guest sign-in does (good for an hour unless told) and a client that carries it. */
export async function guestClient(
  t: TestApp,
  participantId: string,
  appointmentId: string,
  expiresAt = new Date(Date.now() + 3_600_000),
): Promise<GuestClient> {
  const token = await issueGuestToken(t.database.db, participantId, appointmentId, expiresAt);
  return bearerClient(t.baseUrl, token);
}

/** A client sending `Authorization: Bearer <token>` (any token, live or not) with our Origin and a CSRF cookie. */
export function bearerClient(baseUrl: string, token: string): GuestClient {
  const browser = withCsrfCookie(new TestBrowser(baseUrl));
  const fetchWith = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return browser.fetch(path, { ...init, headers });
  };
  return {
    token,
    fetch: fetchWith,
    post: (path, body = {}) =>
      fetchWith(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

/** What a socket hears of one channel's messages, in arrival order, with a wait for the first `n` (no sleeping). */
export function messageLog(socket: ChatSocket, channelId: string) {
  const heard: ChatMessage[] = [];
  let waiters: { n: number; resolve: () => void }[] = [];
  socket.on('chat:message', (m) => {
    if (m.channelId !== channelId) return;
    heard.push(m);
    waiters = waiters.filter((w) => (heard.length >= w.n ? (w.resolve(), false) : true));
  });
  return {
    heard,
    /** Resolves with what was heard once there are at least `n` messages; rejects after `ms`. */
    until(n: number, ms = 5000): Promise<ChatMessage[]> {
      if (heard.length >= n) return Promise.resolve(heard);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`heard ${heard.length} of ${n} messages within ${ms} ms`)), ms);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(heard);
          },
        });
      });
    },
  };
}
