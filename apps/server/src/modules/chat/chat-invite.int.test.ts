import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccessKey, ChatChannel, ExpertChat } from '@prsp/contracts';
import { appointmentParticipants, chatMembers, outboxEmails, staffUsers } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { pinFromInvitation, signInGuest } from '../guests/guest.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  bearerClient,
  bookedAppointment,
  chatExpert,
  connectSocket,
  emitAck,
  nextEvent,
  sessionPatientId,
  type ChatSocket,
} from './chat.steps';

/**
 * Issue 10 item 5: an expert present in a live group chat invites one more guest (who gets a PIN at once and can
 * sign in) or an expert of the same organisation; everyone in the chat hears `chat:channel`.
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

/** A group appointment that started a minute ago, its chat opened by its expert. */
async function liveGroup() {
  const lead = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Liisa', lastName: 'Vetäjä' });
  const [patient] = await onboardedPatients(t, espoo, 1);
  const appointment = await bookedAppointment(t, espoo, {
    type: 'group',
    expertId: lead.expertId,
    startsAt: new Date(Date.now() - MINUTE),
    minutes: 60,
    patients: [{ id: await sessionPatientId(t, patient!), name: 'Potilas0 Kilpa' }],
  });
  const opened = await okData<ExpertChat>(postJson(lead.browser, `/api/expert/chat/appointments/${appointment.id}/open`));
  return { lead, patient: patient!, appointment, channelId: opened.channel.id };
}

const invitePath = (channelId: string) => `/api/expert/chat/channels/${channelId}/invite`;

describe('POST /api/expert/chat/channels/{id}/invite', () => {
  test('a guest: a PIN by e-mail at once, a member of the chat, signs in and takes the access key; the room hears it', async () => {
    const group = await liveGroup();
    const socket = await connectSocket(t.baseUrl, { browser: group.lead.browser });
    sockets.push(socket);
    expect(await emitAck(socket, 'chat:join', { channelId: group.channelId })).toMatchObject({ ok: true });
    const heard = nextEvent(socket, 'chat:channel', (e) => e.channelId === group.channelId);

    const email = 'invited-guest@test.example';
    const channel = await okData<ChatChannel>(
      postJson(group.lead.browser, invitePath(group.channelId), { kind: 'guest', name: 'Iida Invited', email, language: 'fi' }),
    );
    expect(await heard).toEqual({ channelId: group.channelId, status: 'active' });
    const [guestRow] = await t.database.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.email, email));
    expect(guestRow).toMatchObject({ role: 'guest', appointmentId: group.appointment.id, name: 'Iida Invited' });
    expect(guestRow!.pinHash).toMatch(/^\$argon2id\$/);
    expect(channel.members.map((m) => [m.userId, m.role])).toContainEqual([guestRow!.id, 'guest']);

    const mail = await pinFromInvitation(t, email);
    expect(mail.subject).toMatch(/^Kutsu ryhmävastaanotolle /);
    expect(mail.text).toContain(`${t.baseUrl}/guest/${group.appointment.id}`);
    const { token } = await signInGuest(t, group.appointment.id, email, mail.pin);
    const guest = bearerClient(t.baseUrl, token);
    const { access_key } = await okData<AccessKey>(guest.fetch(`/api/guest/access-key/${group.appointment.id}`));
    expect(access_key).toBe(group.channelId);
    expect(await okData<ChatChannel>(guest.fetch(`/api/chat/channels/${access_key}`))).toMatchObject({ me: { role: 'guest' } });

    // Twice the same e-mail: a field error, nothing added.
    const again = await expectError(
      postJson(group.lead.browser, invitePath(group.channelId), {
        kind: 'guest',
        name: 'Iida',
        email: email.toUpperCase(),
        language: 'fi',
      }),
      400,
      400,
    );
    expect(again.fields?.map((f) => [f.field, f.messageKey])).toEqual([['email', 'fields.duplicate']]);
  });

  test('an expert of the organisation: a participant and member, told with the expert app link; another organisation’s is 404', async () => {
    const group = await liveGroup();
    const colleague = await chatExpert(t, espoo, 'espoo-doctor', { firstName: 'Olli', lastName: 'Osallinen' });
    const channel = await okData<ChatChannel>(
      postJson(group.lead.browser, invitePath(group.channelId), { kind: 'expert', expertId: colleague.expertId }),
    );
    expect(channel.members.map((m) => [m.userId, m.role])).toContainEqual([colleague.expertId, 'agent']);
    const [row] = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.expertId, colleague.expertId));
    expect(row).toMatchObject({ role: 'expert', appointmentId: group.appointment.id, pinHash: null });
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, (await staffEmail(colleague.userId))!));
    expect(mails.map((m) => m.text).join('\n')).toContain(`${t.baseUrl}/expert`);
    // The colleague now sees the chat.
    expect(await okData<ChatChannel>(colleague.browser.fetch(`/api/chat/channels/${group.channelId}`))).toMatchObject({
      me: { role: 'agent' },
    });

    const foreign = await chatExpert(t, kaarina, 'kaarina-child');
    await expectError(postJson(group.lead.browser, invitePath(group.channelId), { kind: 'expert', expertId: foreign.expertId }), 404, 404);
    await expectError(
      postJson(group.lead.browser, invitePath(group.channelId), { kind: 'expert', expertId: colleague.expertId }),
      400,
      400,
    );
  });

  test('refused: an expert not in the chat 404, a patient 101, a malformed e-mail 400', async () => {
    const group = await liveGroup();
    const stranger = await chatExpert(t, espoo, 'espoo-nurse');
    const body = { kind: 'guest', name: 'Vieras', email: 'someone@test.example', language: 'en' };
    await expectError(postJson(stranger.browser, invitePath(group.channelId), body), 404, 404);
    await expectError(postJson(group.patient, invitePath(group.channelId), body), 401, 101);
    const bad = await expectError(postJson(group.lead.browser, invitePath(group.channelId), { ...body, email: 'nope' }), 400, 400);
    expect(bad.fields?.map((f) => f.field)).toContain('email');
    const members = await t.database.db.select().from(chatMembers).where(eq(chatMembers.channelId, group.channelId));
    expect(members.some((m) => m.role === 'guest')).toBe(false);
  });
});

async function staffEmail(userId: string) {
  const [row] = await t.database.db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, userId));
  return row?.email;
}
