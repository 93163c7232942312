import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, QueueBoard, SocketAck } from '@prsp/contracts';
import { experts } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { chatExpert, connectSocket, nextEvent, serviceId, type ChatSocket } from './chat.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let nurseService: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  nurseService = await serviceId(t, espoo, 'nurse');
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

function watch(socket: ChatSocket, event: 'board:watch' | 'board:watchAsLead'): Promise<SocketAck<unknown>> {
  return new Promise((resolve) => {
    (socket.emit as (e: string, p: unknown, ack: (r: SocketAck<unknown>) => void) => void)(event, {}, resolve);
  });
}

const board = (browser: TestBrowser, path = '/api/admin/queues/board') => okData<QueueBoard>(browser.fetch(path));
const nurseQueue = async (browser: TestBrowser, path?: string) => (await board(browser, path)).queues.find((q) => q.id === 'espoo-nurse')!;

describe('the queue board', () => {
  test('an admin watching the board is told after a patient queues, is taken, leaves; the figures follow', async () => {
    const admin = await staffBrowser(t, { organisation: espoo, preset: 'organisationAdmin' });
    const socket = await socketOf(admin);
    expect(await watch(socket, 'board:watch')).toEqual({ ok: true, data: { organisationId: espoo } });
    const before = await nurseQueue(admin);
    const [aino, beata] = await onboardedPatients(t, espoo, 2);
    const nurse = await chatExpert(t, espoo, 'espoo-nurse');

    let told = nextEvent(socket, 'board:changed');
    const channel = await okData<ChatChannel>(postJson(aino!, '/api/chat/channels', { serviceId: nurseService }));
    await told;
    const queued = await nurseQueue(admin);
    expect(queued.waiting).toBe(before.waiting + 1);
    expect(queued.oldestQueuedAt).not.toBeNull();
    expect(queued.experts.map((e) => e.name)).toContain(nurse.name);

    told = nextEvent(socket, 'board:changed');
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    await told;
    const taken = await nurseQueue(admin);
    expect(taken).toMatchObject({ waiting: before.waiting, inProgress: before.inProgress + 1 });
    expect(taken.experts.find((e) => e.expertId === nurse.expertId)).toMatchObject({ openChats: 1 });

    told = nextEvent(socket, 'board:changed');
    expect((await postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`)).status).toBe(200);
    await told;
    // Beata queues and leaves before anyone takes her: abandoned.
    const left = await okData<ChatChannel>(postJson(beata!, '/api/chat/channels', { serviceId: nurseService }));
    told = nextEvent(socket, 'board:changed');
    expect((await postJson(beata!, `/api/chat/channels/${left.id}/leave`)).status).toBe(200);
    await told;
    expect(await nurseQueue(admin)).toMatchObject({
      waiting: before.waiting,
      inProgress: before.inProgress,
      handledToday: before.handledToday + 1,
      abandonedToday: before.abandonedToday + 1,
    });
  });

  test("another organisation's admin sees only their own queues and is not told of this one's", async () => {
    const other = await staffBrowser(t, { organisation: kaarina, preset: 'organisationAdmin' });
    const theirs = await board(other);
    expect(theirs.queues.length).toBeGreaterThan(0);
    expect(theirs.queues.map((q) => q.id)).not.toContain('espoo-nurse');
    const socket = await socketOf(other);
    expect(await watch(socket, 'board:watch')).toEqual({ ok: true, data: { organisationId: kaarina } });
    // An Espoo admin watching too: once they hear the change, Kaarina's socket has had every chance to.
    const espooSocket = await socketOf(await staffBrowser(t, { organisation: espoo, preset: 'organisationAdmin' }));
    await watch(espooSocket, 'board:watch');
    let heardByOther = false;
    socket.on('board:changed', () => (heardByOther = true));
    const told = nextEvent(espooSocket, 'board:changed');
    const [patient] = await onboardedPatients(t, espoo, 1);
    await okData(postJson(patient!, '/api/chat/channels', { serviceId: nurseService }));
    await told;
    expect(heardByOther).toBe(false);
  });

  test('an admin without the service settings right is refused, over HTTP and on the socket', async () => {
    const booker = await staffBrowser(t, { organisation: espoo, preset: 'booker' });
    expect((await booker.fetch('/api/admin/queues/board')).status).toBe(403);
    expect(await watch(await socketOf(booker), 'board:watch')).toMatchObject({ ok: false, statusCode: 403 });
  });

  test('an expert sees the board only once an admin has made them a shift lead', async () => {
    const nurse = await chatExpert(t, espoo, 'espoo-nurse');
    const socket = await socketOf(nurse.browser);
    expect((await nurse.browser.fetch('/api/expert/queues/board')).status).toBe(403);
    expect(await okData(nurse.browser.fetch('/api/expert/queues/board/access'))).toEqual({ shiftLead: false });
    expect(await watch(socket, 'board:watchAsLead')).toMatchObject({ ok: false, statusCode: 403 });
    // The admin app's event is not theirs either.
    expect(await watch(socket, 'board:watch')).toMatchObject({ ok: false });

    await t.database.db.update(experts).set({ shiftLead: true }).where(eq(experts.id, nurse.expertId));
    expect(await okData(nurse.browser.fetch('/api/expert/queues/board/access'))).toEqual({ shiftLead: true });
    expect(await watch(socket, 'board:watchAsLead')).toEqual({ ok: true, data: { organisationId: espoo } });
    const lead = await board(nurse.browser, '/api/expert/queues/board');
    expect(lead.queues.map((q) => q.id)).toContain('espoo-nurse');
    const told = nextEvent(socket, 'board:changed');
    const [patient] = await onboardedPatients(t, espoo, 1);
    await okData(postJson(patient!, '/api/chat/channels', { serviceId: nurseService }));
    await told;
  });

  test('a patient cannot watch the board', async () => {
    const [patient] = await onboardedPatients(t, espoo, 1);
    const socket = await socketOf(patient!);
    expect(await watch(socket, 'board:watch')).toMatchObject({ ok: false });
    expect(await watch(socket, 'board:watchAsLead')).toMatchObject({ ok: false });
  });
});
