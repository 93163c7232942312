import { eq } from 'drizzle-orm';
import type { ChatChannel, ExpertChat, VideoPeer } from '@prsp/contracts';
import { appointments } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { bookedAppointment, chatExpert, emitAck, guestClient, ownQueue, sessionPatientId, type ChatSocket } from './chat.steps';

const MINUTE = 60_000;
const media = { audio: true, video: true, screen: false };

/** Joins a call with camera and microphone on; answers this peer's id and the others already there (throws on a refusal). */
export async function joinCall(socket: ChatSocket, channelId: string): Promise<{ peerId: string; peers: VideoPeer[] }> {
  const ack = await emitAck(socket, 'video:join', { channelId, ...media });
  if (!ack.ok) throw new Error(`video:join refused with ${ack.statusCode}`);
  return ack.data as { peerId: string; peers: VideoPeer[] };
}

/** A one-to-one video appointment (type `basic`) in its window: its patient, its expert and its own queue. */
export async function oneToOneVideo(t: TestApp, organisationId: string, type: 'basic' | 'oneOnOne' = 'basic') {
  const { queueId } = await ownQueue(t, organisationId);
  const [patient] = await onboardedPatients(t, organisationId, 1);
  const expert = await chatExpert(t, organisationId, queueId);
  const patientId = await sessionPatientId(t, patient!);
  const appointment = await bookedAppointment(t, organisationId, {
    type: 'oneOnOne',
    expertId: expert.expertId,
    queueId,
    startsAt: new Date(Date.now() + 2 * MINUTE),
    patients: [{ id: patientId, name: 'Potilas Video' }],
  });
  if (type === 'basic') await t.database.db.update(appointments).set({ type }).where(eq(appointments.id, appointment.id));
  return { queueId, patient: patient!, patientId, expert, appointment };
}

/** The patient opens the one-to-one's channel (it waits) and the expert takes it (active). */
export async function acceptedOneToOne(t: TestApp, organisationId: string, type: 'basic' | 'oneOnOne' = 'basic') {
  const call = await oneToOneVideo(t, organisationId, type);
  const waiting = await okData<ChatChannel>(postJson(call.patient, '/api/chat/channels', { appointmentId: call.appointment.id }));
  const taken = await okData<ExpertChat>(postJson(call.expert.browser, `/api/expert/chat/channels/${waiting.id}/accept`));
  return { ...call, channel: taken.channel };
}

/** A group video appointment (type `group-video`) whose channel is open: its expert, two patients and a guest. */
export async function groupVideo(t: TestApp, organisationId: string) {
  const lead = await chatExpert(t, organisationId, 'espoo-nurse', { firstName: 'Liisa', lastName: 'Vetäjä' });
  const patients = await onboardedPatients(t, organisationId, 2);
  const patientIds = [await sessionPatientId(t, patients[0]!), await sessionPatientId(t, patients[1]!)];
  const appointment = await bookedAppointment(t, organisationId, {
    type: 'group',
    expertId: lead.expertId,
    startsAt: new Date(Date.now() + 2 * MINUTE),
    patients: patientIds.map((id, i) => ({ id, name: `Potilas${i} Ryhmä` })),
    guests: [{ name: 'Greta Guest', email: 'greta@test.example' }],
  });
  await t.database.db.update(appointments).set({ type: 'group-video' }).where(eq(appointments.id, appointment.id));
  const guest = await guestClient(t, appointment.participants.guests[0]!, appointment.id);
  const channel = await okData<ChatChannel>(postJson(patients[0]!, '/api/chat/channels', { appointmentId: appointment.id }));
  return { lead, patients: patients as [TestBrowser, TestBrowser], patientIds, guest, appointment, channel };
}
