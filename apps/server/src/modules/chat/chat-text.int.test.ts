import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatChannels, chatMembers, chatMessages, staffUsers } from '../../db/schema';
import type { AccessContext } from '../../platform/access/route-access';
import { organisationBySlug } from '../patients/patient.steps';
import { startTestApp, type TestApp } from '../../test/test-app';
import { chatCallerOf, expertRowsOf } from './chat-participants';
import { insertText, type TextSender } from './chat-text.repo';
import { bookedAppointment, chatExpert } from './chat.steps';

let t: TestApp;
let espoo: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(async () => t?.close());

/** An active group channel of an appointment with a patient, an expert and a guest as members, written straight in. */
async function channelWithCast() {
  const db = t.database.db;
  const expert = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Kaisa', lastName: 'Kirjoittaja' });
  const appointment = await bookedAppointment(t, espoo, { type: 'group', expertId: expert.expertId, startsAt: new Date() });
  const [channel] = await db
    .insert(chatChannels)
    .values({ organisationId: espoo, kind: 'group', status: 'active', appointmentId: appointment.id, expertId: expert.expertId })
    .returning();
  const patientId = randomUUID();
  const guestId = randomUUID();
  await db.insert(chatMembers).values([
    { channelId: channel!.id, userId: patientId, role: 'patient', name: 'Pirjo Potilas' },
    { channelId: channel!.id, userId: expert.expertId, role: 'agent', name: expert.name },
    { channelId: channel!.id, userId: guestId, role: 'guest', name: 'Vieras' },
  ]);
  return { channelId: channel!.id, appointmentId: appointment.id, patientId, guestId, expert };
}

const asMember = (memberId: string): TextSender => ({ memberId, staffUserId: null });
const asStaff = (staffUserId: string): TextSender => ({ memberId: null, staffUserId });

async function stored(channelId: string) {
  const db = t.database.db;
  const [channel] = await db.select({ lastSeq: chatChannels.lastSeq }).from(chatChannels).where(eq(chatChannels.id, channelId));
  const messages = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.channelId, channelId));
  return { lastSeq: channel!.lastSeq, messages: messages.length };
}

describe('a text is stored in one statement (chat:send)', () => {
  test("a present member of an active channel gets the next number, under their member row's name and role", async () => {
    const cast = await channelWithCast();
    const db = t.database.db;
    const text = (sender: TextSender, appointmentId: string | null = null) =>
      insertText(db, { channelId: cast.channelId, id: randomUUID(), text: 'Hei', sender, appointmentId });

    expect(await text(asMember(cast.patientId))).toMatchObject({
      seq: 1,
      userId: cast.patientId,
      userName: 'Pirjo Potilas',
      role: 'patient',
    });
    // An expert is named by their staff user: the statement finds the expert row they are a member under.
    expect(await text(asStaff(cast.expert.userId))).toMatchObject({
      seq: 2,
      userId: cast.expert.expertId,
      userName: cast.expert.name,
      role: 'agent',
    });
    const guest = await text(asMember(cast.guestId), cast.appointmentId);
    expect(guest).toMatchObject({ seq: 3, userId: cast.guestId, role: 'guest', kind: 'text', text: 'Hei', fileId: null });
    expect(guest!.createdAt).toBeInstanceOf(Date);
    expect(await stored(cast.channelId)).toEqual({ lastSeq: 3, messages: 3 });
  });

  test('nothing is stored and the number stays when the sender left, is no member, names another appointment, or the id is used', async () => {
    const cast = await channelWithCast();
    const db = t.database.db;
    const send = (sender: TextSender, opts: { id?: string; appointmentId?: string | null } = {}) =>
      insertText(db, {
        channelId: cast.channelId,
        id: opts.id ?? randomUUID(),
        text: 'Hei',
        sender,
        appointmentId: opts.appointmentId ?? null,
      });
    const first = (await send(asMember(cast.patientId)))!;

    const outsider = await chatExpert(t, espoo, 'espoo-nurse');
    expect(await send(asStaff(outsider.userId))).toBeUndefined();
    expect(await send(asMember(randomUUID()))).toBeUndefined();
    expect(await send(asMember(cast.guestId), { appointmentId: randomUUID() })).toBeUndefined();
    expect(await send(asMember(cast.patientId), { id: first.id })).toBeUndefined();
    await db.update(chatMembers).set({ leftAt: new Date() }).where(eq(chatMembers.userId, cast.patientId));
    expect(await send(asMember(cast.patientId))).toBeUndefined();
    expect(await stored(cast.channelId)).toEqual({ lastSeq: 1, messages: 1 });
  });

  test('nothing is stored in a channel that waits or has ended', async () => {
    const cast = await channelWithCast();
    const db = t.database.db;
    for (const status of ['waiting', 'ended'] as const) {
      await db.update(chatChannels).set({ status }).where(eq(chatChannels.id, cast.channelId));
      const sent = await insertText(db, {
        channelId: cast.channelId,
        id: randomUUID(),
        text: 'Hei',
        sender: asMember(cast.patientId),
        appointmentId: null,
      });
      expect(sent).toBeUndefined();
    }
    expect(await stored(cast.channelId)).toEqual({ lastSeq: 0, messages: 0 });
  });
});

describe('what is read once per caller', () => {
  function expertCallerOf(ctx: AccessContext) {
    const caller = chatCallerOf(ctx);
    if (caller.kind !== 'expert') throw new Error('not an expert');
    return caller;
  }

  test("a socket's access context gives the same caller until it is checked again, and an expert's rows are read once per caller", async () => {
    const db = t.database.db;
    const expert = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Eeva', lastName: 'Ennen' });
    const ctx: AccessContext = { expert: { userId: expert.userId, organisationId: espoo } };
    const caller = expertCallerOf(ctx);
    expect(chatCallerOf(ctx)).toBe(caller);
    const rows = expertRowsOf(db, caller);
    expect(expertRowsOf(db, caller)).toBe(rows);
    expect((await rows).map((r) => r.lastName)).toEqual(['Ennen']);

    // A new check (a new context) is a new caller: it reads the rows again and sees what changed.
    await db.update(staffUsers).set({ lastName: 'Jälkeen' }).where(eq(staffUsers.id, expert.userId));
    const next = expertCallerOf({ expert: { userId: expert.userId, organisationId: espoo } });
    expect(next).not.toBe(caller);
    expect((await expertRowsOf(db, next)).map((r) => r.lastName)).toEqual(['Jälkeen']);
  });
});
