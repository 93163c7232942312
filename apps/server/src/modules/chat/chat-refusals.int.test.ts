import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAT_LIMITS, type ChatChannel, type ChatMessage, type ExpertChat, type ExpertQueue, type Transcript } from '@prsp/contracts';
import { appointments, chatChannels, chatCodeGroups, chatCodes, chatQueues } from '../../db/schema';
import type { RouteAccess } from '../../platform/access/route-access';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson, setFlags } from '../patients/patient.steps';
import { TestBrowser } from '../../test/http-client';
import { staffBrowser, withCsrfCookie } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  bookedAppointment,
  chatExpert,
  connectSocket,
  emitAck,
  nextEvent,
  ownQueue,
  say,
  sessionPatientId,
  tinyPdf,
  uploadFile,
  type ChatSocket,
} from './chat.steps';

/**
 * What the chat refuses, and to whom: every chat route against the callers it must turn away, malformed bodies,
 * oversized files, chat codes used up or raced for, experts racing for one patient, hand-overs, and a one-to-one
 * appointment's channel waiting in its queue.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
const sockets: ChatSocket[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  kaarina = (await organisationBySlug(t, 'kaarina-demo')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function socketOf(browser: TestBrowser) {
  const socket = await connectSocket(t.baseUrl, { browser });
  sockets.push(socket);
  return socket;
}

const open = (browser: TestBrowser, body: unknown) => okData<ChatChannel>(postJson(browser, '/api/chat/channels', body));
const channelOf = (browser: TestBrowser, id: string) => okData<ChatChannel>(browser.fetch(`/api/chat/channels/${id}`));

/** A patient in an active chat with an expert of their own queue, one message and one file in it. */
async function activeChat() {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const [patient] = await onboardedPatients(t, espoo, 1);
  const expert = await chatExpert(t, espoo, queueId);
  const channel = await open(patient!, { serviceId });
  await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  const file = await okData<ChatMessage>(uploadFile(patient!, channel.id, { name: 'labra.pdf', bytes: tinyPdf() }));
  return { queueId, serviceId, patient: patient!, patientId: await sessionPatientId(t, patient!), expert, channel, fileId: file.file!.id };
}

describe('every chat route refuses the callers it must', () => {
  type Call = { path: string; body?: unknown; upload?: boolean };
  /** What each chat route is called with, and what an expert of another organisation gets (404: it names nothing of theirs). */
  type Row = { call: Call; foreignExpert: number };
  const isChatRoute = (path: string) =>
    /^\/api\/(chat|expert\/chat|ninchat)\//.test(path) ||
    ['/api/services/chatCode/:code/use', '/api/services/metadata/:uuid', '/api/feedback', '/api/expert/feedback'].includes(path);

  test('no session 101, flag off 403, admin 101, a patient on expert routes 101, an expert of another organisation 404', async () => {
    const chat = await activeChat();
    const group = await bookedAppointment(t, espoo, {
      type: 'group',
      expertId: chat.expert.expertId,
      startsAt: new Date(Date.now() + 2 * MINUTE),
      patients: [{ id: chat.patientId, name: 'Potilas0 Kilpa' }],
    });
    const c = chat.channel.id;
    const feedback = {
      data: { score: 8, tags: { environment: 'test', device: 'desktop', organization: 'Espoo', serviceName: 'Chat' } },
      scoreType: 'nps',
      expertUuid: chat.expert.expertId,
      channelId: c,
    };
    const ROUTES: Record<string, Row> = {
      'GET /api/chat/describe_realm_queues': { call: { path: `/api/chat/describe_realm_queues?realm_id=${espoo}` }, foreignExpert: 101 },
      'POST /api/chat/channels': { call: { path: '/api/chat/channels', body: { serviceId: chat.serviceId } }, foreignExpert: 101 },
      'POST /api/services/chatCode/:code/use': { call: { path: '/api/services/chatCode/PHYSIO2026/use', body: {} }, foreignExpert: 101 },
      'POST /api/services/metadata/:uuid': {
        call: { path: `/api/services/metadata/${chat.serviceId}`, body: { questionnaireMetadata: { oire: 'kuume' } } },
        foreignExpert: 101,
      },
      'GET /api/chat/channels/:id': { call: { path: `/api/chat/channels/${c}` }, foreignExpert: 404 },
      'GET /api/chat/channels/:id/messages': { call: { path: `/api/chat/channels/${c}/messages?after=0` }, foreignExpert: 404 },
      'POST /api/chat/channels/:id/files': { call: { path: `/api/chat/channels/${c}/files`, upload: true }, foreignExpert: 404 },
      'POST /api/chat/channels/:id/leave': { call: { path: `/api/chat/channels/${c}/leave`, body: {} }, foreignExpert: 404 },
      'POST /api/ninchat/save-audience': { call: { path: '/api/ninchat/save-audience', body: { channel_id: c } }, foreignExpert: 404 },
      'GET /api/ninchat/my-transcripts': { call: { path: '/api/ninchat/my-transcripts' }, foreignExpert: 101 },
      'GET /api/ninchat/transcript': { call: { path: `/api/ninchat/transcript?id=${c}` }, foreignExpert: 101 },
      'GET /api/ninchat/file': { call: { path: `/api/ninchat/file?id=${chat.fileId}` }, foreignExpert: 404 },
      // Experts never rate a chat through the patient's feedback: refused before anything is looked up.
      'POST /api/feedback': { call: { path: '/api/feedback', body: feedback }, foreignExpert: 403 },
      'GET /api/chat/channels/:id/feedback-plan': { call: { path: `/api/chat/channels/${c}/feedback-plan` }, foreignExpert: 403 },
      'GET /api/expert/chat/queues': { call: { path: '/api/expert/chat/queues' }, foreignExpert: 200 },
      'POST /api/expert/chat/queues/:queueId/accept': {
        call: { path: `/api/expert/chat/queues/${chat.queueId}/accept` },
        foreignExpert: 404,
      },
      'POST /api/expert/chat/channels/:id/accept': { call: { path: `/api/expert/chat/channels/${c}/accept` }, foreignExpert: 404 },
      'GET /api/expert/chat/channels': { call: { path: '/api/expert/chat/channels' }, foreignExpert: 200 },
      'GET /api/expert/chat/channels/:id': { call: { path: `/api/expert/chat/channels/${c}` }, foreignExpert: 404 },
      'GET /api/expert/chat/channels/:id/identity-code': {
        call: { path: `/api/expert/chat/channels/${c}/identity-code` },
        foreignExpert: 404,
      },
      'POST /api/expert/chat/appointments/:id/open': {
        call: { path: `/api/expert/chat/appointments/${group.id}/open` },
        foreignExpert: 404,
      },
      'GET /api/expert/chat/transfer-targets': { call: { path: '/api/expert/chat/transfer-targets' }, foreignExpert: 200 },
      'GET /api/expert/chat/history': { call: { path: '/api/expert/chat/history' }, foreignExpert: 200 },
      'POST /api/expert/chat/channels/:id/transfer': {
        call: { path: `/api/expert/chat/channels/${c}/transfer`, body: { queueId: chat.queueId } },
        foreignExpert: 404,
      },
      'POST /api/expert/chat/channels/:id/invite': {
        call: {
          path: `/api/expert/chat/channels/${c}/invite`,
          body: { kind: 'guest', name: 'Vieras', email: 'v@test.example', language: 'fi' },
        },
        foreignExpert: 404,
      },
      'POST /api/expert/chat/channels/:id/end': { call: { path: `/api/expert/chat/channels/${c}/end` }, foreignExpert: 404 },
      'GET /api/expert/chat/channels/:id/transcript': { call: { path: `/api/expert/chat/channels/${c}/transcript` }, foreignExpert: 404 },
      // The expert's own note and the visit summary (issue 33): another organisation's expert finds no such visit.
      'GET /api/expert/chat/channels/:id/note': { call: { path: `/api/expert/chat/channels/${c}/note` }, foreignExpert: 404 },
      'PUT /api/expert/chat/channels/:id/note': {
        call: { path: `/api/expert/chat/channels/${c}/note`, body: { text: 'Muistiinpano' } },
        foreignExpert: 404,
      },
      'GET /api/expert/chat/channels/:id/summary.pdf': { call: { path: `/api/expert/chat/channels/${c}/summary.pdf` }, foreignExpert: 404 },
      'GET /api/expert/chat/channels/:id/summary.txt': { call: { path: `/api/expert/chat/channels/${c}/summary.txt` }, foreignExpert: 404 },
      // Contact history of a patient with no chats in the expert's own organisation: an empty list, nothing revealed.
      'GET /api/expert/chat/contact-history/:patientId': {
        call: { path: `/api/expert/chat/contact-history/${chat.patientId}` },
        foreignExpert: 200,
      },
      'POST /api/expert/feedback': { call: { path: '/api/expert/feedback', body: { channelId: c, score: 5 } }, foreignExpert: 404 },
    };

    const routes = t.app.declaredRoutes.filter((r) => isChatRoute(r.path) && r.access.kind !== 'anyone');
    // A new chat route must say here what it refuses.
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(ROUTES).sort());
    // The signed file link is the one chat route anyone may call: its token is the check.
    expect(t.app.declaredRoutes.filter((r) => isChatRoute(r.path) && r.access.kind === 'anyone').map((r) => r.path)).toEqual([
      '/api/chat/files/:token',
    ]);

    const send = (browser: TestBrowser, method: string, call: Call) => {
      if (call.upload)
        return postForm(browser, call.path, [
          ['id', randomUUID()],
          ['file', tinyPdf()],
        ]);
      if (method === 'GET') return browser.fetch(call.path);
      if (method === 'POST') return postJson(browser, call.path, call.body ?? {});
      return browser.fetch(call.path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body ?? {}) });
    };
    const wrong: string[] = [];
    async function expectEvery(caller: string, browser: TestBrowser, want: (access: RouteAccess, row: Row) => number | undefined) {
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const expected = want(route.access, ROUTES[key]!);
        if (expected === undefined) continue;
        const res = await send(browser, route.method, ROUTES[key]!.call);
        const body = (await res.json()) as { statusCode?: number };
        const got = res.status === 200 ? 200 : body.statusCode;
        if (got !== expected) wrong.push(`${caller} ${key}: ${res.status}/${got}, want ${expected}`);
      }
    }

    const anonymous = withCsrfCookie(new TestBrowser(t.baseUrl));
    await expectEvery('anonymous', anonymous, () => 101);
    const admin = await staffBrowser(t, { organisation: 'espoo-demo' });
    await expectEvery('admin', admin, () => 101);
    await expectEvery('patient', chat.patient, (access) => (access.kind === 'expert' ? 101 : undefined));
    const foreign = await chatExpert(t, kaarina, 'kaarina-child');
    await expectEvery('foreign expert', foreign.browser, (_access, row) => row.foreignExpert);

    const [flagless] = await onboardedPatients(t, kaarina, 1);
    const restore = await setFlags(t, kaarina, { remoteReceptionEnabled: false });
    try {
      await expectEvery('patient without remote reception', flagless!, (access) =>
        access.kind === 'expert'
          ? 101
          : access.kind === 'chatMember' || (access.kind === 'patient' && access.flag === 'remoteReceptionEnabled')
            ? 403
            : undefined,
      );
      await expect(connectSocket(t.baseUrl, { browser: flagless })).rejects.toMatchObject({ data: { statusCode: 403 } });
    } finally {
      await restore();
    }
    expect(wrong).toEqual([]);

    // The sockets refuse the same callers at the handshake.
    await expect(connectSocket(t.baseUrl, { browser: anonymous })).rejects.toMatchObject({ data: { statusCode: 101 } });
    // An admin's socket is let in (the queue board, issue 32) and joins no user room, but no chat event is theirs.
    const adminSocket = await socketOf(admin);
    expect(await emitAck(adminSocket, 'chat:join', { channelId: c })).toMatchObject({ ok: false, statusCode: 101 });
    expect(await emitAck(adminSocket, 'chat:send', { channelId: c, id: randomUUID(), text: 'Hei' })).toMatchObject({
      ok: false,
      statusCode: 101,
    });
    const foreignSocket = await socketOf(foreign.browser);
    for (const event of ['chat:join', 'chat:read'] as const)
      expect(await emitAck(foreignSocket, event, { channelId: c, seq: 0 })).toMatchObject({ ok: false, statusCode: 404 });
    expect(await emitAck(foreignSocket, 'chat:send', { channelId: c, id: randomUUID(), text: 'Hei' })).toMatchObject({
      ok: false,
      statusCode: 404,
    });
    const patientSocket = await socketOf(chat.patient);
    // Declared for experts (app.declareSocketEvents): a patient's session is refused as not an expert's, like on HTTP.
    expect(await emitAck(patientSocket, 'queue:watch', {})).toMatchObject({ ok: false, statusCode: 101 });

    // What the foreign expert's own lists show holds nothing of Espoo's.
    expect((await okData<ExpertQueue[]>(foreign.browser.fetch('/api/expert/chat/queues'))).map((q) => q.id)).not.toContain(chat.queueId);
    expect(await okData<ExpertChat[]>(foreign.browser.fetch('/api/expert/chat/channels'))).toEqual([]);
    expect(await okData(foreign.browser.fetch(`/api/expert/chat/contact-history/${chat.patientId}`))).toEqual([]);
    const targets = await okData<{ queues: { id: string }[] }>(foreign.browser.fetch('/api/expert/chat/transfer-targets'));
    expect(targets.queues.map((q) => q.id)).not.toContain(chat.queueId);
    // And nothing the refused callers sent changed the chat.
    expect(await channelOf(chat.patient, c)).toMatchObject({ status: 'active', lastSeq: 1, expertId: chat.expert.expertId });
  });
});

describe('malformed requests', () => {
  test('malformed bodies, parameters and socket payloads are answered 400', async () => {
    const chat = await activeChat();
    const c = chat.channel.id;
    const tags = { environment: 'test', device: 'desktop', organization: 'Espoo', serviceName: 'Chat' };
    const cases: [string, () => Promise<Response>][] = [
      ['open: empty body', () => postJson(chat.patient, '/api/chat/channels', {})],
      ['open: empty service id', () => postJson(chat.patient, '/api/chat/channels', { serviceId: '' })],
      ['open: number service id', () => postJson(chat.patient, '/api/chat/channels', { serviceId: 5 })],
      ['open: over-long appointment id', () => postJson(chat.patient, '/api/chat/channels', { appointmentId: 'a'.repeat(101) })],
      ['metadata: not an object', () => postJson(chat.patient, `/api/services/metadata/${chat.serviceId}`, { questionnaireMetadata: 'x' })],
      [
        'metadata: over 10 000 characters',
        () => postJson(chat.patient, `/api/services/metadata/${chat.serviceId}`, { questionnaireMetadata: { a: 'x'.repeat(10_001) } }),
      ],
      ['channel: id not a UUID', () => chat.patient.fetch('/api/chat/channels/not-a-uuid')],
      ['messages: negative after', () => chat.patient.fetch(`/api/chat/channels/${c}/messages?after=-1`)],
      ['messages: after not a number', () => chat.patient.fetch(`/api/chat/channels/${c}/messages?after=abc`)],
      ['realm queues: no realm', () => chat.patient.fetch('/api/chat/describe_realm_queues')],
      ['file link: id not a UUID', () => chat.patient.fetch('/api/ninchat/file?id=nope')],
      ['save-audience: no channel', () => postJson(chat.patient, '/api/ninchat/save-audience', {})],
      [
        'feedback: unknown score type',
        () => postJson(chat.patient, '/api/feedback', { data: { score: 5, tags }, scoreType: 'stars', expertUuid: null }),
      ],
      [
        'feedback: score 11',
        () => postJson(chat.patient, '/api/feedback', { data: { score: 11, tags }, scoreType: 'nps', expertUuid: null }),
      ],
      ['feedback: no tags', () => postJson(chat.patient, '/api/feedback', { data: { score: 5 }, scoreType: 'nps', expertUuid: null })],
      ['expert feedback: score 8', () => postJson(chat.expert.browser, '/api/expert/feedback', { channelId: c, score: 8 })],
      ['transfer: empty body', () => postJson(chat.expert.browser, `/api/expert/chat/channels/${c}/transfer`, {})],
      ['transfer: empty queue', () => postJson(chat.expert.browser, `/api/expert/chat/channels/${c}/transfer`, { queueId: '' })],
      ['file: no file', () => postForm(chat.patient, `/api/chat/channels/${c}/files`, [['id', randomUUID()]])],
      ['file: id not a UUID', () => uploadFile(chat.patient, c, { name: 'a.pdf', bytes: tinyPdf() }, 'not-a-uuid')],
      ['file: not multipart', () => postJson(chat.patient, `/api/chat/channels/${c}/files`, { id: randomUUID() })],
    ];
    const wrong: string[] = [];
    for (const [name, request] of cases) {
      const res = await request();
      const body = (await res.json()) as { statusCode?: number };
      if (res.status !== 400 || body.statusCode !== 400) wrong.push(`${name}: ${res.status}/${body.statusCode}`);
    }
    expect(wrong).toEqual([]);

    const socket = await socketOf(chat.patient);
    const payloads: [string, 'chat:join' | 'chat:send' | 'chat:read', unknown][] = [
      ['join: no channel', 'chat:join', {}],
      ['send: id not a UUID', 'chat:send', { channelId: c, id: 'one', text: 'Hei' }],
      ['send: empty text', 'chat:send', { channelId: c, id: randomUUID(), text: '' }],
      ['send: only spaces', 'chat:send', { channelId: c, id: randomUUID(), text: '   ' }],
      ['send: over 2000 characters', 'chat:send', { channelId: c, id: randomUUID(), text: 'x'.repeat(CHAT_LIMITS.textMax + 1) }],
      ['send: text a number', 'chat:send', { channelId: c, id: randomUUID(), text: 5 }],
      ['read: negative seq', 'chat:read', { channelId: c, seq: -1 }],
    ];
    for (const [name, event, payload] of payloads) {
      const ack = await emitAck(socket, event, payload as never);
      if (ack.ok || ack.statusCode !== 400) wrong.push(`${name}: ${JSON.stringify(ack)}`);
    }
    expect(wrong).toEqual([]);
    // Exactly 2000 characters is fine; nothing refused was stored.
    expect(await say(socket, c, 'y'.repeat(CHAT_LIMITS.textMax))).toMatchObject({ seq: 2 });
  });

  test('a score out of range says so, not that it is too long (issue 30)', async () => {
    const chat = await activeChat();
    const tags = { environment: 'test', device: 'desktop', organization: 'Espoo', serviceName: 'Chat' };
    const fieldsOf = async (res: Promise<Response>) => ((await (await res).json()) as { fields?: unknown }).fields;
    const outOfRange = (field: string) => [{ field, messageKey: 'fields.outOfRange', message: 'Arvo on sallitun alueen ulkopuolella.' }];
    const feedback = (score: unknown, scoreType = 'nps') =>
      fieldsOf(postJson(chat.patient, '/api/feedback', { data: { score, tags }, scoreType, expertUuid: null }));
    expect(await feedback(11)).toEqual(outOfRange('data.score'));
    expect(await feedback(-1)).toEqual(outOfRange('data.score'));
    // Within 0–10 but beyond the faces' 1–5.
    expect(await feedback(6, 'ces')).toEqual(outOfRange('data.score'));
    expect(await feedback(2.5)).toEqual([expect.objectContaining({ field: 'data.score', messageKey: 'fields.invalid' })]);
    expect(await fieldsOf(postJson(chat.expert.browser, '/api/expert/feedback', { channelId: chat.channel.id, score: 8 }))).toEqual(
      outOfRange('score'),
    );
  });

  test('ids that are not UUIDs name nothing: 400 or 404, never a server error', async () => {
    const chat = await activeChat();
    const tags = { environment: 'test', device: 'desktop', organization: 'Espoo', serviceName: 'Chat' };
    const requests: [string, () => Promise<Response>][] = [
      ['open: service id', () => postJson(chat.patient, '/api/chat/channels', { serviceId: 'not-a-uuid' })],
      ['open: appointment id', () => postJson(chat.patient, '/api/chat/channels', { appointmentId: 'not-a-uuid' })],
      [
        'feedback: channel id',
        () => postJson(chat.patient, '/api/feedback', { data: { score: 5, tags }, scoreType: 'nps', expertUuid: null, channelId: 'nope' }),
      ],
      ['expert feedback: channel id', () => postJson(chat.expert.browser, '/api/expert/feedback', { channelId: 'nope', score: 5 })],
      [
        'transfer: expert id',
        () => postJson(chat.expert.browser, `/api/expert/chat/channels/${chat.channel.id}/transfer`, { expertId: 'nope' }),
      ],
      ['save-audience: channel id', () => postJson(chat.patient, '/api/ninchat/save-audience', { channel_id: 'nope' })],
    ];
    const got: Record<string, number> = {};
    for (const [name, request] of requests) got[name] = (await request()).status;
    const socket = await socketOf(chat.patient);
    for (const event of ['chat:join', 'chat:read'] as const) {
      const ack = await emitAck(socket, event, { channelId: 'not-a-uuid', seq: 0 });
      got[`socket ${event}`] = ack.ok ? 200 : ack.statusCode;
    }
    const sent = await emitAck(socket, 'chat:send', { channelId: 'not-a-uuid', id: randomUUID(), text: 'Hei' });
    got['socket chat:send'] = sent.ok ? 200 : sent.statusCode;
    const refusedWell = Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v === 400 || v === 404 ? 'refused' : v]));
    expect(refusedWell).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, 'refused'])));
  });

  test('a file over 10 MB is refused 413 and nothing is stored; exactly 10 MB is taken', async () => {
    const chat = await activeChat();
    const c = chat.channel.id;
    const padded = (size: number) => Buffer.concat([tinyPdf(), Buffer.alloc(size - tinyPdf().length, 0x20)]);
    const tooBig = await uploadFile(chat.patient, c, { name: 'iso.pdf', bytes: padded(CHAT_LIMITS.fileBytesMax + 1) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ statusCode: 413, fields: [{ field: 'file', messageKey: 'fields.attachmentTooLarge' }] });
    expect((await channelOf(chat.patient, c)).lastSeq).toBe(1);
    const justRight = await okData<ChatMessage>(uploadFile(chat.patient, c, { name: 'raja.pdf', bytes: padded(CHAT_LIMITS.fileBytesMax) }));
    expect(justRight).toMatchObject({ seq: 2, kind: 'file', file: { size: CHAT_LIMITS.fileBytesMax, contentType: 'application/pdf' } });
  });
});

/** Posts a multipart form of text fields and PDF files (named after their field), as a page's form would. */
function postForm(browser: TestBrowser, path: string, fields: [string, string | Buffer][]) {
  const form = new FormData();
  for (const [name, value] of fields)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'application/pdf' }), `${name}.pdf`);
  return browser.fetch(path, { method: 'POST', body: form });
}

describe('chat codes', () => {
  async function codeFor(serviceId: string, usesPerCode: number): Promise<string> {
    const code = `T${randomBytes(5).toString('hex').toUpperCase()}`;
    const [group] = await t.database.db
      .insert(chatCodeGroups)
      .values({
        organisationId: espoo,
        name: 'Testiryhmä',
        serviceId,
        totalCodes: 1,
        usesPerCode,
        startsAt: new Date(Date.now() - 86_400_000),
      })
      .returning({ id: chatCodeGroups.id });
    await t.database.db.insert(chatCodes).values({ groupId: group!.id, code });
    return code;
  }
  const usesOf = async (code: string) =>
    (await t.database.db.select({ n: chatCodes.useCount }).from(chatCodes).where(eq(chatCodes.code, code)))[0]!.n;
  const channelsOfCode = async (code: string) => {
    const [row] = await t.database.db.select({ id: chatCodes.id }).from(chatCodes).where(eq(chatCodes.code, code));
    return t.database.db.select().from(chatChannels).where(eq(chatChannels.chatCodeId, row!.id));
  };
  const use = (browser: TestBrowser, code: string) => postJson(browser, `/api/services/chatCode/${code}/use`, {});

  test('an unknown code is 201; a one-use code opens one chat and is then used up (204)', async () => {
    const { serviceId, queueId } = await ownQueue(t, espoo, { requiresCode: true });
    await chatExpert(t, espoo, queueId);
    const [first, second] = await onboardedPatients(t, espoo, 2);
    await expectError(use(first!, 'NOSUCHCODE1'), 400, 201);
    // The service is entered only with a code.
    await expectError(postJson(first!, '/api/chat/channels', { serviceId }), 403, 403);

    const code = await codeFor(serviceId, 1);
    const channel = await okData<ChatChannel>(use(first!, code.toLowerCase()));
    expect(channel).toMatchObject({ kind: 'queue', status: 'waiting', queueId, position: 1 });
    await expectError(use(second!, code), 409, 204);
    expect(await usesOf(code)).toBe(1);
    expect((await channelsOfCode(code)).map((r) => r.id)).toEqual([channel.id]);
  });

  test('a use is counted only when the chat opens: a closed queue uses nothing; two patients racing for the last use get one chat', async () => {
    const { serviceId, queueId } = await ownQueue(t, espoo, { requiresCode: true });
    await chatExpert(t, espoo, queueId);
    const [first, second] = await onboardedPatients(t, espoo, 2);
    const code = await codeFor(serviceId, 1);
    const hours = (closed: boolean) =>
      t.database.db
        .update(chatQueues)
        .set({ openingHours: { alwaysOpen: true, closed, weekly: [], exceptions: [] } })
        .where(eq(chatQueues.id, queueId));
    await hours(true);
    await expectError(use(first!, code), 403, 403);
    expect(await usesOf(code)).toBe(0);
    expect(await channelsOfCode(code)).toEqual([]);
    await hours(false);

    const answers = await Promise.all([use(first!, code), use(second!, code)]);
    const bodies = await Promise.all(
      answers.map(async (r) => ({ http: r.status, code: ((await r.json()) as { statusCode: number }).statusCode })),
    );
    expect(bodies.sort((a, b) => a.http - b.http)).toEqual([
      { http: 200, code: 200 },
      { http: 409, code: 204 },
    ]);
    expect(await usesOf(code)).toBe(1);
    expect(await channelsOfCode(code)).toHaveLength(1);
  });

  test('entering again with the code resumes the waiting chat without using the code again', async () => {
    const { serviceId, queueId } = await ownQueue(t, espoo, { requiresCode: true });
    await chatExpert(t, espoo, queueId);
    const [patient] = await onboardedPatients(t, espoo, 1);
    const code = await codeFor(serviceId, 2);
    const first = await okData<ChatChannel>(use(patient!, code));
    expect(await usesOf(code)).toBe(1);
    // A reload of the chat page posts the code again: the patient is already in line, no chat opens.
    expect((await okData<ChatChannel>(use(patient!, code))).id).toBe(first.id);
    expect(await channelsOfCode(code)).toHaveLength(1);
    expect(await usesOf(code)).toBe(1);
  });
});

describe('experts taking patients and handing them over', () => {
  test('two experts racing for the next patient: exactly one gets them, the other 404', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const [alone, p1, p2] = await onboardedPatients(t, espoo, 3);
    const e1 = await chatExpert(t, espoo, queueId);
    const e2 = await chatExpert(t, espoo, queueId);
    const accept = (e: typeof e1, path: string) => postJson(e.browser, path);
    const outcome = async (res: Promise<Response>[]) =>
      Promise.all(
        res.map(async (r) => {
          const answer = await r;
          const body = (await answer.json()) as { statusCode: number; data?: ExpertChat };
          return { http: answer.status, channelId: body.data?.channel.id };
        }),
      );

    const waiting = await open(alone!, { serviceId });
    const next = `/api/expert/chat/queues/${queueId}/accept`;
    const raced = await outcome([accept(e1, next), accept(e2, next)]);
    expect(raced.map((r) => r.http).sort()).toEqual([200, 404]);
    expect(raced.find((r) => r.http === 200)!.channelId).toBe(waiting.id);
    const served = await channelOf(alone!, waiting.id);
    expect(served.members.filter((m) => m.role === 'agent')).toHaveLength(1);

    // The same for one named in the list both see.
    const named = await open(p1!, { serviceId });
    const byName = await outcome([
      accept(e1, `/api/expert/chat/channels/${named.id}/accept`),
      accept(e2, `/api/expert/chat/channels/${named.id}/accept`),
    ]);
    expect(byName.map((r) => r.http).sort()).toEqual([200, 404]);
    expect((await channelOf(p1!, named.id)).members.filter((m) => m.role === 'agent')).toHaveLength(1);

    // Two waiting, two experts at once: each gets one of them.
    const third = await open(p2!, { serviceId });
    const [p3] = await onboardedPatients(t, espoo, 1);
    const fourth = await open(p3!, { serviceId });
    const both = await outcome([accept(e1, next), accept(e2, next)]);
    expect(both.map((r) => r.http)).toEqual([200, 200]);
    expect(both.map((r) => r.channelId).sort()).toEqual([third.id, fourth.id].sort());
    await expectError(accept(e1, next), 404, 404);
  });

  test('a transfer to another queue puts the patient back in line there; one to a named expert waits for that expert alone to accept; the patient reads that it was transferred, the taker the note', async () => {
    const q1 = await ownQueue(t, espoo);
    const q2 = await ownQueue(t, espoo);
    const [patient, later] = await onboardedPatients(t, espoo, 2);
    const first = await chatExpert(t, espoo, q1.queueId, { firstName: 'Eka', lastName: 'Hoitaja' });
    const second = await chatExpert(t, espoo, q2.queueId, { firstName: 'Toka', lastName: 'Hoitaja' });
    const named = await chatExpert(t, espoo, q1.queueId, { firstName: 'Kolmas', lastName: 'Lääkäri' });

    const channel = await open(patient!, { serviceId: q1.serviceId });
    // Someone who entered the second queue after the patient entered the first.
    const behind = await open(later!, { serviceId: q2.serviceId });
    await okData(postJson(first.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    const patientSocket = await socketOf(patient!);
    const firstSocket = await socketOf(first.browser);
    const secondSocket = await socketOf(second.browser);
    for (const s of [patientSocket, firstSocket])
      expect(await emitAck(s, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: true });
    expect(await emitAck(secondSocket, 'queue:watch', {})).toMatchObject({ ok: true, data: { queueIds: [q2.queueId] } });
    await say(patientSocket, channel.id, 'Tarvitsen fysioterapeuttia');
    await say(firstSocket, channel.id, 'Siirrän sinut oikeaan jonoon');

    // Not to a queue or an expert of another organisation, nor to oneself.
    const transfer = (e: typeof first, body: unknown) => postJson(e.browser, `/api/expert/chat/channels/${channel.id}/transfer`, body);
    await expectError(transfer(first, { queueId: 'kaarina-child' }), 404, 404);
    const foreign = await chatExpert(t, kaarina, 'kaarina-child');
    await expectError(transfer(first, { expertId: foreign.expertId }), 404, 404);
    await expectError(transfer(first, { expertId: first.expertId }), 404, 404);

    const backInLine = nextEvent(patientSocket, 'chat:channel', (e) => e.channelId === channel.id && e.status === 'waiting');
    const q2Moved = nextEvent(secondSocket, 'queue:changed', (e) => e.queueId === q2.queueId);
    const notice = nextEvent(patientSocket, 'chat:message', (m) => m.channelId === channel.id && m.kind === 'system');
    expect(await okData(transfer(first, { queueId: q2.queueId, note: 'Polvikipu, fysioterapeutille.' }))).toBeNull();
    await backInLine;
    await q2Moved;
    expect(await notice).toMatchObject({ seq: 3, kind: 'system', text: 'transferred', userName: first.name });
    const waiting = await channelOf(patient!, channel.id);
    expect(waiting).toMatchObject({ status: 'waiting', queueId: q2.queueId, expertId: null, position: 1, lastSeq: 3 });
    expect(waiting.members.map((m) => m.role)).toEqual(['patient']);
    expect((await channelOf(later!, behind.id)).position).toBe(2);
    // The first expert has left it: not among their chats, cannot write, but keeps the transcript.
    expect((await okData<ExpertChat[]>(first.browser.fetch('/api/expert/chat/channels'))).map((c) => c.channel.id)).not.toContain(
      channel.id,
    );
    expect(await emitAck(firstSocket, 'chat:send', { channelId: channel.id, id: randomUUID(), text: 'Vielä?' })).toMatchObject({
      ok: false,
      statusCode: 403,
    });
    const kept = await okData<Transcript>(first.browser.fetch(`/api/expert/chat/channels/${channel.id}/transcript`));
    expect(kept.messages.map((m) => m.message_text)).toEqual(['Tarvitsen fysioterapeuttia', 'Siirrän sinut oikeaan jonoon']);

    // The second queue's expert sees the patient first in line and takes them.
    const queues = await okData<ExpertQueue[]>(second.browser.fetch('/api/expert/chat/queues'));
    expect(queues.find((q) => q.id === q2.queueId)!.waiting.map((w) => w.channelId)).toEqual([channel.id, behind.id]);
    const taken = await okData<ExpertChat>(postJson(second.browser, `/api/expert/chat/queues/${q2.queueId}/accept`));
    expect(taken.channel).toMatchObject({ id: channel.id, status: 'active', expertId: second.expertId });
    expect(taken.handover).toEqual({ from: first.name, note: 'Polvikipu, fysioterapeutille.', offered: false });

    // The transfer dialog says who has the app open: the named expert (connected) does, a colleague without it not.
    const namedSocket = await socketOf(named.browser);
    const away = await chatExpert(t, espoo, q2.queueId, { firstName: 'Poissa', lastName: 'Hoitaja' });
    const targets = await okData<{ experts: { id: string; online: boolean }[] }>(second.browser.fetch('/api/expert/chat/transfer-targets'));
    expect(targets.experts.find((e) => e.id === named.expertId)?.online).toBe(true);
    expect(targets.experts.find((e) => e.id === away.expertId)?.online).toBe(false);

    // Handed to a named expert: offered to them alone (told on their own socket) until they accept it.
    const told = nextEvent(namedSocket, 'chat:channel', (e) => e.channelId === channel.id && e.status === 'waiting');
    expect(await okData(transfer(second, { expertId: named.expertId }))).toBeNull();
    await told;
    const handed = await channelOf(patient!, channel.id);
    expect(handed).toMatchObject({ status: 'waiting', expertId: named.expertId, lastSeq: 4 });
    expect(handed.members.map((m) => m.userId)).toEqual([await sessionPatientId(t, patient!)]);
    const offered = (await okData<ExpertChat[]>(named.browser.fetch('/api/expert/chat/channels'))).find((c) => c.channel.id === channel.id);
    expect(offered?.handover).toEqual({ from: second.name, note: null, offered: true });
    // Nobody else of the queue sees or takes it.
    const awaySees = (await okData<ExpertQueue[]>(away.browser.fetch('/api/expert/chat/queues'))).flatMap((q) => q.waiting);
    expect(awaySees.map((w) => w.channelId)).toEqual([behind.id]);
    await expectError(postJson(away.browser, `/api/expert/chat/channels/${channel.id}/accept`), 404, 404);
    // Taking the next in the queue gives them the one waiting behind, never the chat handed to another.
    const next = await okData<ExpertChat>(postJson(away.browser, `/api/expert/chat/queues/${q2.queueId}/accept`));
    expect(next.channel.id).toBe(behind.id);

    await okData(postJson(named.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    expect(await emitAck(namedSocket, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: true, data: { lastSeq: 4 } });
    const heard = nextEvent(patientSocket, 'chat:message', (m) => m.userId === named.expertId);
    await say(namedSocket, channel.id, 'Hei, minä jatkan tästä');
    expect(await heard).toMatchObject({ seq: 5, role: 'agent', userName: named.name });
    // The one who handed it over can no longer hand it on.
    await expectError(transfer(second, { queueId: q1.queueId }), 403, 403);
  });
});

describe('a one-to-one appointment', () => {
  async function oneToOne(startsAt: Date) {
    const { queueId } = await ownQueue(t, espoo);
    const [patient] = await onboardedPatients(t, espoo, 1);
    const expert = await chatExpert(t, espoo, queueId);
    const patientId = await sessionPatientId(t, patient!);
    const appointment = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: expert.expertId,
      queueId,
      startsAt,
      patients: [{ id: patientId, name: 'Potilas0 Kilpa' }],
    });
    return { queueId, patient: patient!, patientId, expert, appointment };
  }

  test("its channel opens in the 5-minute window and waits in its queue for the expert; nobody else's, nothing cancelled", async () => {
    const early = await oneToOne(new Date(Date.now() + 6 * MINUTE));
    await expectError(postJson(early.patient, '/api/chat/channels', { appointmentId: early.appointment.id }), 403, 403);

    const { queueId, patient, patientId, expert, appointment } = await oneToOne(new Date(Date.now() + 4 * MINUTE));
    const channel = await open(patient, { appointmentId: appointment.id });
    expect(channel).toMatchObject({
      kind: 'appointment',
      status: 'waiting',
      queueId,
      appointmentId: appointment.id,
      // The waiting room says when it starts (issue 29), not the queue's estimate.
      appointmentStartsAt: appointment.startsAt.getTime(),
      expertId: expert.expertId,
      position: 1,
      me: { userId: patientId, role: 'patient' },
    });
    expect(channel.members.map((m) => m.userId)).toEqual([patientId]);
    expect((await open(patient, { appointmentId: appointment.id })).id).toBe(channel.id);

    const queues = await okData<ExpertQueue[]>(expert.browser.fetch('/api/expert/chat/queues'));
    expect(queues.find((q) => q.id === queueId)!.waiting).toMatchObject([{ channelId: channel.id, kind: 'appointment' }]);
    // The expert opening it finds the same channel, still waiting for them to take it.
    const opened = await okData<ExpertChat>(postJson(expert.browser, `/api/expert/chat/appointments/${appointment.id}/open`));
    expect(opened.channel).toMatchObject({ id: channel.id, status: 'waiting' });
    const taken = await okData<ExpertChat>(postJson(expert.browser, `/api/expert/chat/queues/${queueId}/accept`));
    expect(taken.channel).toMatchObject({ id: channel.id, status: 'active', expertId: expert.expertId });
    expect(taken.channel.members.map((m) => m.userId).sort()).toEqual([patientId, expert.expertId].sort());

    const [stranger] = await onboardedPatients(t, espoo, 1);
    await expectError(postJson(stranger!, '/api/chat/channels', { appointmentId: appointment.id }), 404, 404);
    const cancelled = await oneToOne(new Date(Date.now() + 2 * MINUTE));
    await t.database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.appointment.id));
    await expectError(postJson(cancelled.patient, '/api/chat/channels', { appointmentId: cancelled.appointment.id }), 404, 404);
    const over = await oneToOne(new Date(Date.now() - 31 * MINUTE));
    await expectError(postJson(over.patient, '/api/chat/channels', { appointmentId: over.appointment.id }), 403, 403);
  });

  test('a booked patient waiting in the shared queue is the booked expert’s alone: a colleague of the queue neither sees nor takes them, unless it is handed to them', async () => {
    const { queueId, patient, expert, appointment } = await oneToOne(new Date(Date.now() + 3 * MINUTE));
    const colleague = await chatExpert(t, espoo, queueId, { firstName: 'Toinen', lastName: 'Hoitaja' });
    const channel = await open(patient, { appointmentId: appointment.id });
    const seen = async (e: typeof expert) =>
      (await okData<ExpertQueue[]>(e.browser.fetch('/api/expert/chat/queues'))).flatMap((q) => q.waiting.map((w) => w.channelId));
    expect(await seen(expert)).toEqual([channel.id]);
    expect(await seen(colleague)).toEqual([]);
    await expectError(colleague.browser.fetch(`/api/expert/chat/channels/${channel.id}`), 404, 404);
    await expectError(postJson(colleague.browser, `/api/expert/chat/channels/${channel.id}/accept`), 404, 404);
    await expectError(postJson(colleague.browser, `/api/expert/chat/queues/${queueId}/accept`), 404, 404);

    // The booked expert takes it and hands it to the colleague, who may then accept it.
    await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/transfer`, { expertId: colleague.expertId }));
    const taken = await okData<ExpertChat>(postJson(colleague.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    expect(taken.channel).toMatchObject({ status: 'active', expertId: colleague.expertId });
  });

  test('the expert sees who waits for a booked appointment and when it starts, and who the patient is once taken', async () => {
    const { queueId, patient, patientId, expert, appointment } = await oneToOne(new Date(Date.now() + 3 * MINUTE));
    const channel = await open(patient, { appointmentId: appointment.id });
    const queues = await okData<ExpertQueue[]>(expert.browser.fetch('/api/expert/chat/queues'));
    expect(queues.find((q) => q.id === queueId)!.waiting).toEqual([
      expect.objectContaining({
        channelId: channel.id,
        kind: 'appointment',
        name: 'Potilas0 Kilpa',
        appointmentStartsAt: appointment.startsAt.getTime(),
      }),
    ]);
    const taken = await okData<ExpertChat>(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    expect(taken).toMatchObject({ patientId, patientName: 'Potilas0 Kilpa' });
  });
});
