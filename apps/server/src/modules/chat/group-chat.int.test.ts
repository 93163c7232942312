import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, ChatMessage, ExpertChat, Transcript } from '@prsp/contracts';
import { appointments, chatChannels } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { openAsExpert, openChannel, type ChatDeps } from './chat-channels.service';
import { chatEvents } from './chat-events';
import {
  bearerClient,
  bookedAppointment,
  chatExpert,
  connectSocket,
  emitAck,
  guestClient,
  messageLog,
  nextEvent,
  say,
  sessionPatientId,
  type ChatSocket,
  type GuestClient,
} from './chat.steps';

/**
 * Issue 9 item 6: a group appointment's chat. One channel per appointment, opened from 5 minutes before the start by
 * whoever comes first (a patient, an expert of it), with its whole cast in it from the start: its expert, its host,
 * the experts, patients and guests taking part. Guests have no session: their bearer token is their key, over HTTP
 * (`Authorization: Bearer`) and over the socket (`auth.token`).
 */
let t: TestApp;
let espoo: string;
let deps: ChatDeps;
const sockets: ChatSocket[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  deps = { db: t.database.db, cipher: createFieldCipher(t.config.dataKey), events: chatEvents(t.app.realtime), emit: t.app.events.emit };
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function socketOf(who: { browser?: TestBrowser; guestToken?: string }) {
  const socket = await connectSocket(t.baseUrl, who);
  sockets.push(socket);
  return socket;
}

/**
 * A group appointment starting at `startsAt`: its expert (the lead), its host (the organiser), another expert taking
 * part, two patients and a guest, each signed in as they would be.
 */
async function groupAppointment(startsAt: Date) {
  const lead = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Liisa', lastName: 'Vetäjä' });
  const host = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Hanna', lastName: 'Isäntä' });
  const other = await chatExpert(t, espoo, 'espoo-doctor', { firstName: 'Olli', lastName: 'Osallinen' });
  const [first, second] = await onboardedPatients(t, espoo, 2);
  const patientIds = [await sessionPatientId(t, first!), await sessionPatientId(t, second!)];
  const appointment = await bookedAppointment(t, espoo, {
    type: 'group',
    expertId: lead.expertId,
    hostExpertId: host.expertId,
    startsAt,
    patients: [
      { id: patientIds[0]!, name: 'Potilas0 Kilpa' },
      { id: patientIds[1]!, name: 'Potilas1 Kilpa' },
    ],
    experts: [{ id: other.expertId, name: other.name }],
    guests: [{ name: 'Greta Guest', email: 'greta@test.example' }],
  });
  const guest = await guestClient(t, appointment.participants.guests[0]!, appointment.id);
  return {
    appointment,
    lead,
    host,
    other,
    patients: [first!, second!] as const,
    patientIds,
    guest,
    guestId: appointment.participants.guests[0]!,
    /** Every member the channel must have from the start, as {userId, role, name}. */
    cast: [
      { userId: patientIds[0]!, role: 'patient', name: 'Potilas0 Kilpa' },
      { userId: patientIds[1]!, role: 'patient', name: 'Potilas1 Kilpa' },
      { userId: other.expertId, role: 'agent', name: other.name },
      { userId: appointment.participants.guests[0]!, role: 'guest', name: 'Greta Guest' },
      { userId: lead.expertId, role: 'agent', name: lead.name },
      { userId: host.expertId, role: 'agent', name: host.name },
    ],
  };
}
type Group = Awaited<ReturnType<typeof groupAppointment>>;

const byUser = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
const castOf = (channel: ChatChannel) => channel.members.map(({ userId, role, name }) => ({ userId, role, name })).sort(byUser);

const openAsPatient = (patient: TestBrowser, appointmentId: string) => postJson(patient, '/api/chat/channels', { appointmentId });
const openAsStaff = (expert: TestBrowser, appointmentId: string) => postJson(expert, `/api/expert/chat/appointments/${appointmentId}/open`);

/** A group in its window (starting in 4 minutes) whose channel a patient has opened. */
async function openGroup(): Promise<Group & { channel: ChatChannel }> {
  const group = await groupAppointment(new Date(Date.now() + 4 * MINUTE));
  const channel = await okData<ChatChannel>(openAsPatient(group.patients[0], group.appointment.id));
  return { ...group, channel };
}

describe('a group appointment opens one channel at five minutes before its start', () => {
  test('too early it is refused (403) to patients and experts; at five minutes to, not a millisecond before, it opens', async () => {
    const group = await groupAppointment(new Date(Date.now() + 6 * MINUTE));
    await expectError(openAsPatient(group.patients[0], group.appointment.id), 403, 403);
    await expectError(openAsStaff(group.lead.browser, group.appointment.id), 403, 403);
    expect(await t.database.db.select().from(chatChannels).where(eq(chatChannels.appointmentId, group.appointment.id))).toEqual([]);

    // The exact edge, with the clock the routes read handed in: a real request cannot land on one millisecond.
    const opensAt = group.appointment.startsAt.getTime() - 5 * MINUTE;
    const caller = { kind: 'patient' as const, patientId: group.patientIds[0]!, organisationId: espoo };
    const input = { appointmentId: group.appointment.id };
    const host = { kind: 'expert' as const, userId: group.host.userId, organisationId: espoo };
    await expect(openChannel(deps, caller, input, new Date(opensAt - 1))).rejects.toMatchObject({ code: 403 });
    await expect(openAsExpert(deps.db, host, group.appointment.id, new Date(opensAt - 1))).rejects.toMatchObject({
      code: 403,
    });
    const opened = await openChannel(deps, caller, input, new Date(opensAt));
    expect(opened).toMatchObject({ kind: 'group', status: 'active', appointmentId: group.appointment.id });
    expect((await openAsExpert(deps.db, host, group.appointment.id, new Date(opensAt))).id).toBe(opened.id);
    // It stays open until the appointment's end, not after.
    const endsAt = group.appointment.endsAt.getTime();
    expect((await openChannel(deps, caller, input, new Date(endsAt - 1))).id).toBe(opened.id);
    await expect(openChannel(deps, caller, input, new Date(endsAt))).rejects.toMatchObject({ code: 403 });
  });

  test('the first patient opens it active with the whole cast; everyone after gets the same channel; the appointment records it', async () => {
    const group = await groupAppointment(new Date(Date.now() + 4 * MINUTE));
    const channel = await okData<ChatChannel>(openAsPatient(group.patients[0], group.appointment.id));
    expect(channel).toMatchObject({
      kind: 'group',
      status: 'active',
      queueId: null,
      appointmentId: group.appointment.id,
      position: null,
      expertId: group.host.expertId,
      me: { userId: group.patientIds[0], role: 'patient' },
      lastSeq: 0,
    });
    expect(castOf(channel)).toEqual([...group.cast].sort(byUser));

    expect((await okData<ChatChannel>(openAsPatient(group.patients[1], group.appointment.id))).id).toBe(channel.id);
    for (const expert of [group.lead, group.host, group.other]) {
      const chat = await okData<ExpertChat>(openAsStaff(expert.browser, group.appointment.id));
      expect(chat.channel).toMatchObject({ id: channel.id, status: 'active', me: { userId: expert.expertId, role: 'agent' } });
    }
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, group.appointment.id));
    expect(row!.audienceId).toBe(channel.id);
    expect(await t.database.db.select().from(chatChannels).where(eq(chatChannels.appointmentId, group.appointment.id))).toHaveLength(1);

    // Nobody outside the cast opens it: another patient, another expert of the same organisation.
    const [outsider] = await onboardedPatients(t, espoo, 1);
    await expectError(openAsPatient(outsider!, group.appointment.id), 404, 404);
    const stranger = await chatExpert(t, espoo, 'espoo-nurse');
    await expectError(openAsStaff(stranger.browser, group.appointment.id), 404, 404);
    await expectError(stranger.browser.fetch(`/api/chat/channels/${channel.id}`), 404, 404);
  });

  test('when the expert comes first, they open it; patients then get theirs; openers at the same moment share one channel', async () => {
    const group = await groupAppointment(new Date(Date.now() + 3 * MINUTE));
    const chat = await okData<ExpertChat>(openAsStaff(group.lead.browser, group.appointment.id));
    expect(chat.channel).toMatchObject({ kind: 'group', status: 'active', me: { userId: group.lead.expertId, role: 'agent' } });
    expect(castOf(chat.channel)).toEqual([...group.cast].sort(byUser));
    expect((await okData<ChatChannel>(openAsPatient(group.patients[1], group.appointment.id))).id).toBe(chat.channel.id);

    const race = await groupAppointment(new Date(Date.now() + 2 * MINUTE));
    const opened = await Promise.all([
      okData<ChatChannel>(openAsPatient(race.patients[0], race.appointment.id)),
      okData<ExpertChat>(openAsStaff(race.host.browser, race.appointment.id)).then((c) => c.channel),
      okData<ChatChannel>(openAsPatient(race.patients[1], race.appointment.id)),
      okData<ExpertChat>(openAsStaff(race.other.browser, race.appointment.id)).then((c) => c.channel),
    ]);
    expect(new Set(opened.map((c) => c.id)).size).toBe(1);
    const rows = await t.database.db.select().from(chatChannels).where(eq(chatChannels.appointmentId, race.appointment.id));
    expect(rows).toHaveLength(1);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, race.appointment.id));
    expect(row!.audienceId).toBe(rows[0]!.id);
    const seen = await okData<ChatChannel>(race.patients[0].fetch(`/api/chat/channels/${rows[0]!.id}`));
    expect(castOf(seen)).toEqual([...race.cast].sort(byUser));
  });

  test('save-audience records the channel for its members and is 404 for everyone else', async () => {
    const group = await openGroup();
    const otherGroup = await openGroup();
    const clear = () => t.database.db.update(appointments).set({ audienceId: null }).where(eq(appointments.id, group.appointment.id));
    const audience = async () =>
      (await t.database.db.select().from(appointments).where(eq(appointments.id, group.appointment.id)))[0]!.audienceId;
    const save = { channel_id: group.channel.id };

    for (const member of [
      (body: unknown) => postJson(group.patients[1], '/api/ninchat/save-audience', body),
      (body: unknown) => group.guest.post('/api/ninchat/save-audience', body),
      (body: unknown) => postJson(group.other.browser, '/api/ninchat/save-audience', body),
    ]) {
      await clear();
      expect(await okData(member(save))).toBeNull();
      expect(await audience()).toBe(group.channel.id);
    }

    await clear();
    const [outsider] = await onboardedPatients(t, espoo, 1);
    const stranger = await chatExpert(t, espoo, 'espoo-nurse');
    await expectError(postJson(outsider!, '/api/ninchat/save-audience', save), 404, 404);
    await expectError(postJson(stranger.browser, '/api/ninchat/save-audience', save), 404, 404);
    await expectError(postJson(otherGroup.patients[0], '/api/ninchat/save-audience', save), 404, 404);
    await expectError(otherGroup.guest.post('/api/ninchat/save-audience', save), 404, 404);
    await expectError(postJson(group.patients[0], '/api/ninchat/save-audience', { channel_id: randomUUID() }), 404, 404);
    expect(await audience()).toBeNull();
  });
});

describe('guests and the group talk', () => {
  test('the guest reads the channel with a bearer token and chats over the socket; three participants see each other in order', async () => {
    const group = await openGroup();
    const { channel, guest } = group;

    const seenByGuest = await okData<ChatChannel>(guest.fetch(`/api/chat/channels/${channel.id}`));
    expect(seenByGuest).toMatchObject({ id: channel.id, status: 'active', me: { userId: group.guestId, role: 'guest' } });
    expect(castOf(seenByGuest)).toEqual([...group.cast].sort(byUser));
    expect(await okData(guest.fetch(`/api/chat/channels/${channel.id}/messages?after=0`))).toEqual({ messages: [], lastSeq: 0 });

    // A patient, the host and the guest, each on a socket of their own.
    const talkers = [
      { who: 'patient', userId: group.patientIds[0]!, socket: await socketOf({ browser: group.patients[0] }) },
      { who: 'host', userId: group.host.expertId, socket: await socketOf({ browser: group.host.browser }) },
      { who: 'guest', userId: group.guestId, socket: await socketOf({ guestToken: guest.token }) },
    ];
    for (const { socket } of talkers)
      expect(await emitAck(socket, 'chat:join', { channelId: channel.id })).toEqual({ ok: true, data: { lastSeq: 0 } });
    const logs = talkers.map(({ socket }) => messageLog(socket, channel.id));

    // In turns: each message is heard by everyone (its sender too) before the next is sent.
    const sent: ChatMessage[] = [];
    for (let turn = 0; turn < 6; turn++) {
      const talker = talkers[turn % 3]!;
      const stored = (await say(talker.socket, channel.id, `${talker.who} sanoo ${turn + 1}`)) as ChatMessage;
      expect(stored).toMatchObject({ seq: turn + 1, userId: talker.userId, text: `${talker.who} sanoo ${turn + 1}` });
      sent.push(stored);
      await Promise.all(logs.map((log) => log.until(turn + 1)));
    }
    for (const log of logs) expect(log.heard).toEqual(sent);
    expect(sent.map((m) => m.role)).toEqual(['patient', 'agent', 'guest', 'patient', 'agent', 'guest']);
    expect(sent[2]).toMatchObject({ userName: 'Greta Guest', role: 'guest' });

    // All at once: numbers stay unique and without gaps, and everyone hears every message.
    const burst = await Promise.all(
      talkers.map(async (talker) => {
        const mine: ChatMessage[] = [];
        for (let i = 0; i < 4; i++) mine.push((await say(talker.socket, channel.id, `${talker.who} kiirehtii ${i}`)) as ChatMessage);
        return mine;
      }),
    );
    const burstSeqs = burst.flat().map((m) => m.seq);
    expect([...burstSeqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 7 + i));
    // Each talker's own messages were stored in the order they sent them.
    for (const mine of burst) expect(mine.map((m) => m.seq)).toEqual([...mine.map((m) => m.seq)].sort((a, b) => a - b));
    for (const log of logs) {
      const heard = await log.until(18);
      expect(heard.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    }

    // What any of them fetches after reconnecting, the guest included: every message once, in order.
    const page = await okData<{ messages: ChatMessage[]; lastSeq: number }>(
      guest.fetch(`/api/chat/channels/${channel.id}/messages?after=4`),
    );
    expect(page.lastSeq).toBe(18);
    expect(page.messages.map((m) => m.seq)).toEqual(Array.from({ length: 14 }, (_, i) => i + 5));
    const transcript = await okData<Transcript>(group.lead.browser.fetch(`/api/expert/chat/channels/${channel.id}/transcript`));
    expect(transcript.members[group.guestId]).toEqual({ role: 'guest', name: 'Greta Guest' });
    expect(transcript.messages).toHaveLength(18);

    // The second patient, silent so far, catches up the same way and is heard by the guest.
    const late = await socketOf({ browser: group.patients[1] });
    expect(await emitAck(late, 'chat:join', { channelId: channel.id })).toEqual({ ok: true, data: { lastSeq: 18 } });
    const toGuest = nextEvent(talkers[2]!.socket, 'chat:message', (m) => m.userId === group.patientIds[1]);
    expect(await say(late, channel.id, 'Anteeksi, myöhästyin')).toMatchObject({ seq: 19 });
    expect(await toGuest).toMatchObject({ seq: 19, role: 'patient', userName: 'Potilas1 Kilpa' });
  });

  test("a guest token opens only its own appointment's channel; an expired or unknown token is no sign-in (101)", async () => {
    const mine = await openGroup();
    const theirs = await openGroup();
    const path = `/api/chat/channels/${theirs.channel.id}`;

    await expectError(mine.guest.fetch(path), 404, 404);
    await expectError(mine.guest.fetch(`${path}/messages`), 404, 404);
    await expectError(mine.guest.post(`${path}/leave`), 404, 404);
    const socket = await socketOf({ guestToken: mine.guest.token });
    expect(await emitAck(socket, 'chat:join', { channelId: theirs.channel.id })).toMatchObject({ ok: false, statusCode: 404 });
    expect(await emitAck(socket, 'chat:send', { channelId: theirs.channel.id, id: randomUUID(), text: 'Hei?' })).toMatchObject({
      ok: false,
      statusCode: 404,
    });

    const expired: GuestClient = await guestClient(t, mine.guestId, mine.appointment.id, new Date(Date.now() - 1000));
    await expectError(expired.fetch(`/api/chat/channels/${mine.channel.id}`), 401, 101);
    await expect(connectSocket(t.baseUrl, { guestToken: expired.token })).rejects.toMatchObject({ data: { statusCode: 101 } });
    const unknown = bearerClient(t.baseUrl, 'x'.repeat(43));
    await expectError(unknown.fetch(`/api/chat/channels/${mine.channel.id}`), 401, 101);
    // A guest has no patient session: the patient's own routes do not take the token.
    await expectError(mine.guest.post('/api/chat/channels', { appointmentId: mine.appointment.id }), 401, 101);
  });

  test('a member leaving a group does not end it: the others go on talking, the one who left can no longer write', async () => {
    const group = await openGroup();
    const { channel } = group;
    const patient = await socketOf({ browser: group.patients[0] });
    const leaver = await socketOf({ browser: group.patients[1] });
    const host = await socketOf({ browser: group.host.browser });
    for (const s of [patient, leaver, host]) expect(await emitAck(s, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: true });

    const left = await okData<ChatChannel>(postJson(group.patients[1], `/api/chat/channels/${channel.id}/leave`));
    expect(left.status).toBe('active');
    expect(left.members.map((m) => m.userId)).not.toContain(group.patientIds[1]);
    const afterGuest = await okData<ChatChannel>(group.guest.post(`/api/chat/channels/${channel.id}/leave`));
    expect(afterGuest.status).toBe('active');
    expect(castOf(afterGuest)).toEqual(
      group.cast.filter((m) => m.userId !== group.patientIds[1] && m.userId !== group.guestId).sort(byUser),
    );

    const heard = nextEvent(host, 'chat:message', (m) => m.channelId === channel.id);
    await say(patient, channel.id, 'Jatketaan ilman heitä');
    expect(await heard).toMatchObject({ seq: 1, userId: group.patientIds[0] });
    expect(await emitAck(leaver, 'chat:send', { channelId: channel.id, id: randomUUID(), text: 'Palaanko?' })).toMatchObject({
      ok: false,
      statusCode: 403,
    });
    const guestSocket = await socketOf({ guestToken: group.guest.token });
    expect(await emitAck(guestSocket, 'chat:send', { channelId: channel.id, id: randomUUID(), text: 'Hei?' })).toMatchObject({
      ok: false,
      statusCode: 403,
    });
    // Leaving twice is refused; the channel is still the group's.
    await expectError(postJson(group.patients[1], `/api/chat/channels/${channel.id}/leave`), 403, 403);
    expect((await okData<ChatChannel>(group.patients[0].fetch(`/api/chat/channels/${channel.id}`))).status).toBe('active');

    // Ending it is the expert's: then it ends for everyone.
    const ended = nextEvent(patient, 'chat:channel', (e) => e.channelId === channel.id && e.status === 'ended');
    await okData(postJson(group.host.browser, `/api/expert/chat/channels/${channel.id}/end`));
    await ended;
  });
});
