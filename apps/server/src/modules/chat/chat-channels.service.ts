import { CHAT_LIMITS, metadataUrgency, type ChatChannel, type RealmQueues } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { chatCodeTarget, useChatCode as useCode } from '../chat-codes/patient-chat-code.service';
import * as appointmentsRepo from './chat-appointments.repo';
import * as repo from './chat.repo';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import type { ChatEvents } from './chat-events';
import { openMetadata } from './chat-metadata';
import { channelFor, expertIn, type ChatCaller } from './chat-participants';
import { toChannel } from './chat-view';
import { admitsPatients, needsPresence, onDutyNow } from './queue-availability.service';
import { queueWithStaffing, staffedQueueIds } from './queue-staffing.repo';
import type { ChatChannelRow } from './chat.tables';
import type { Emit } from '../../platform/events/event-hub';
import { setAppointmentAudience } from '../booking/appointment-changes.service';
import { appointmentUrgency } from '../surveys/survey-red-flags.service';
import { isSettled } from '../booking/booking-visits.service';

/** `events`: the chat's realtime notices after a change commits; `emit`: the domain events inside its transaction. */
export type ChatDeps = { db: Db; cipher: FieldCipher; events: ChatEvents; emit: Emit };
type PatientCaller = Extract<ChatCaller, { kind: 'patient' }>;

/**
 * `describe_realm_queues` (spec §7): the organisation's queues, whether each is closed now (or unserved: it takes
 * nobody in) and how many wait.
 */
export async function describeRealmQueues(db: Db, organisationId: string, now = new Date()): Promise<RealmQueues> {
  const queues = await repo.organisationQueues(db, organisationId);
  const waiting = await repo.waitingIn(
    db,
    queues.map((q) => q.id),
  );
  const staffed = await staffedQueueIds(db, organisationId);
  const onDuty = needsPresence(queues) ? await onDutyNow(db, organisationId, now) : new Map<string, number>();
  const realm_queues: RealmQueues['realm_queues'] = {};
  for (const q of queues) {
    const length = waiting.filter((w) => w.channel.queueId === q.id).length;
    realm_queues[q.id] = {
      queue_attrs: { name: q.name, closed: !admitsPatients(q, staffed.has(q.id), onDuty.get(q.id) ?? 0, now), length },
    };
  }
  return { realm_queues };
}

/**
 * The queue a patient enters, refused (403) when it is closed now, no professional serves it, or it is set to close
 * when nobody is on duty and nobody is (issue 32: presence read afresh here, not from any cache): the client shows
 * chat-not-available.
 */
async function openQueue(tx: Tx, organisationId: string, queueId: string, now: Date) {
  const found = await queueWithStaffing(tx, queueId);
  if (!found || found.queue.organisationId !== organisationId) throw new AppError(404, { detail: 'queue missing' });
  const onDuty = needsPresence([found.queue]) ? ((await onDutyNow(tx, organisationId, now)).get(queueId) ?? 0) : 0;
  if (!admitsPatients(found.queue, found.staffed, onDuty, now))
    throw new AppError(403, { detail: 'queue closed, unstaffed or nobody on duty' });
  return found.queue;
}

async function patientMember(tx: Tx, patientId: string) {
  return { userId: patientId, role: 'patient' as const, name: (await repo.patientName(tx, patientId)) ?? '' };
}

/** The patient as their own view of a channel names them (the view shows no name of theirs). */
const viewer = (caller: PatientCaller) => ({ userId: caller.patientId, role: 'patient' as const });

type ServiceRow = NonNullable<Awaited<ReturnType<typeof repo.serviceOf>>>;

/**
 * Enters a service's queue (its row read by the caller; undefined when there is none): a new waiting channel, or the
 * one the patient already has there (entering twice resumes).
 */
async function enterQueue(
  tx: Tx,
  deps: ChatDeps,
  caller: PatientCaller,
  service: ServiceRow | undefined,
  input: { secureMetadata?: string; chatCodeId?: string },
  now: Date,
): Promise<ChatChannelRow> {
  if (!service || service.organisationId !== caller.organisationId) throw new AppError(404);
  const existing = await repo.liveQueueChannelOfPatient(tx, caller.patientId, service.id);
  if (existing) return noteDelegate(tx, existing, caller);
  await openQueue(tx, caller.organisationId, service.chatQueueId, now);
  const secureMetadata = input.secureMetadata ?? null;
  // Opened here, not trusted from the client: the sealed result says how urgent it is, and an emergency waits first.
  const metadata = secureMetadata
    ? openMetadata(deps.cipher, secureMetadata, { patientId: caller.patientId, serviceId: service.id })
    : null;
  const channel = (await repo.insertChannel(tx, {
    organisationId: caller.organisationId,
    kind: 'queue',
    status: 'waiting',
    queueId: service.chatQueueId,
    serviceId: service.id,
    chatCodeId: input.chatCodeId ?? null,
    patientId: caller.patientId,
    delegatePatientId: caller.delegateId ?? null,
    secureMetadata,
    urgency: metadataUrgency(metadata),
    queuedAt: now,
    createdAt: now,
  }))!;
  await repo.addMembers(tx, [{ channelId: channel.id, ...(await patientMember(tx, caller.patientId)), joinedAt: now }]);
  return channel;
}

/**
 * A patient opens a chat (spec §4 'Chat page'): a service's queue (services that need a code are entered only with
 * one), or a booked appointment from 5 minutes before its start until its end. A one-to-one appointment waits in its
 * queue for the booked expert (theirs alone to take, or whoever they hand it to); a group appointment opens its one channel
 * with every participant in it, and whoever comes first opens it.
 */
export async function openChannel(
  deps: ChatDeps,
  caller: PatientCaller,
  input: { serviceId: string; secureMetadata?: string } | { appointmentId: string },
  now = new Date(),
): Promise<ChatChannel> {
  const { channel, view } = await deps.db.transaction(async (tx) => {
    if ('appointmentId' in input) {
      const opened = await openAppointmentChannel(tx, caller, input.appointmentId, now);
      return { channel: opened, view: await toChannel(tx, { channel: opened, me: viewer(caller) }, now) };
    }
    const service = await repo.serviceOf(tx, input.serviceId);
    if (service?.requiresCode) throw new AppError(403, { detail: 'service needs a chat code' });
    const entered = await enterQueue(tx, deps, caller, service, input, now);
    // The answer is read in the same transaction (what it shows is what commits), the service not again.
    return { channel: entered, view: await toChannel(tx, { channel: entered, me: viewer(caller), service }, now) };
  });
  deps.events.queue(channel.queueId);
  deps.events.opened(channel);
  return view;
}

/**
 * `POST /services/chatCode/{code}/use` (spec §7): the code is checked as in `POST /services/chatCode/{code}`, used
 * once, and the patient enters its service's queue, all in one transaction: a code is never used without a chat.
 */
export async function useChatCode(
  deps: ChatDeps,
  caller: PatientCaller,
  typed: string,
  secureMetadata: string | undefined,
  now = new Date(),
) {
  const channel = await deps.db.transaction(async (tx) => {
    // Back with the same code to a chat it opened (a reload): the chat resumes and the code is not used again.
    const target = await chatCodeTarget(tx, caller.organisationId, typed);
    const resumed = target ? await repo.liveQueueChannelOfPatient(tx, caller.patientId, target.serviceId) : undefined;
    if (resumed && resumed.chatCodeId === target!.chatCodeId) return resumed;
    const used = await useCode(tx, caller.organisationId, typed, now);
    const service = await repo.serviceOf(tx, used.serviceId);
    return enterQueue(tx, deps, caller, service, { secureMetadata, chatCodeId: used.chatCodeId }, now);
  });
  deps.events.queue(channel.queueId);
  return toChannel(deps.db, { channel, me: viewer(caller) }, now);
}

/** The appointment's live channel, opened by the first who comes within its window. */
async function openAppointmentChannel(tx: Tx, caller: PatientCaller, appointmentId: string, now: Date): Promise<ChatChannelRow> {
  const appointment = await appointmentsRepo.findPatientAppointment(tx, appointmentId, caller.patientId);
  if (!appointment || appointment.organisationId !== caller.organisationId) throw new AppError(404);
  const channel = await openForAppointment(tx, appointment, now);
  await rejoin(tx, channel, caller.patientId);
  return channel.patientId === caller.patientId ? noteDelegate(tx, channel, caller) : channel;
}

/** Whoever comes to the patient's chat now, themselves or a delegate acting for them, is the one the desk names. */
async function noteDelegate(tx: Tx, channel: ChatChannelRow, caller: PatientCaller): Promise<ChatChannelRow> {
  const delegatePatientId = caller.delegateId ?? null;
  if (channel.delegatePatientId === delegatePatientId) return channel;
  await repo.updateChannel(tx, channel.id, { delegatePatientId });
  return { ...channel, delegatePatientId };
}

/** A participant who left a group's chat and opens it again is back in it (their member row is there already). */
async function rejoin(tx: Tx, channel: ChatChannelRow, userId: string): Promise<void> {
  if (channel.kind === 'group') await repo.rejoinChannel(tx, channel.id, userId);
}

type AppointmentRow = appointmentsRepo.AppointmentRow;

/** Checks the appointment's window and status, then finds or opens its channel (shared by patients, guests and experts). */
export async function openForAppointment(tx: Tx, a: AppointmentRow, now: Date): Promise<ChatChannelRow> {
  if (a.status !== 'booked' && a.status !== 'selfBooked') throw new AppError(404, { detail: `appointment ${a.status}` });
  if (now.getTime() < a.startsAt.getTime() - CHAT_LIMITS.groupOpensBeforeMs) throw new AppError(403, { detail: 'too early' });
  if (now.getTime() >= a.endsAt.getTime()) throw new AppError(403, { detail: 'appointment over' });
  // A visit held or marked a no-show is over even before its end: its Start must not put the patient back in line.
  if (isSettled(a, now)) throw new AppError(423, { detail: 'the visit is settled' });
  const group = a.type === 'group' || a.type === 'group-video';
  const participants = await appointmentsRepo.participantsOf(tx, a.id);
  const live = await repo.liveChannelOfAppointment(tx, a.id);
  if (live) return live;
  const queueId = a.queueId ?? (a.expertId ? (await repo.expertsByIds(tx, [a.expertId]))[0]?.chatQueueId : undefined) ?? null;
  const inserted = await repo.insertChannel(tx, {
    organisationId: a.organisationId,
    kind: group ? 'group' : 'appointment',
    status: group ? 'active' : 'waiting',
    queueId: group ? null : queueId,
    serviceId: a.serviceId,
    appointmentId: a.id,
    // A one-to-one is the patient's, as a queue chat is; a group's patients are its members.
    patientId: group ? null : (participants.find((p) => p.role === 'patient')?.patientId ?? null),
    expertId: group ? (a.hostExpertId ?? a.expertId) : a.expertId,
    acceptedAt: group ? now : null,
    queuedAt: now,
    createdAt: now,
    // A red-flag answer in the appointment's questionnaire makes its wait an emergency (issue 29).
    urgency: group ? null : await appointmentUrgency(tx, a.id),
  });
  // Someone else opened it in the same moment: theirs is the one.
  const channel = inserted ?? (await repo.liveChannelOfAppointment(tx, a.id))!;
  if (inserted) {
    await setAppointmentAudience(tx, a.id, channel.id);
    // A one-to-one's expert joins when taking it from the queue; a group's whole cast is in from the start: its
    // participants, its expert and its organiser (who are not participant rows).
    const present = group ? participants : participants.filter((p) => p.role === 'patient');
    const members: repo.NewMember[] = present.map((p) => ({
      channelId: channel.id,
      userId: p.patientId ?? p.expertId ?? p.id,
      role: p.role === 'expert' ? ('agent' as const) : p.role,
      name: p.name,
      joinedAt: now,
    }));
    if (group) {
      const leads = [a.expertId, a.hostExpertId].filter((id): id is string => id !== null && !members.some((m) => m.userId === id));
      for (const e of await repo.expertsByIds(tx, [...new Set(leads)]))
        members.push({ channelId: channel.id, userId: e.id, role: 'agent', name: `${e.firstName} ${e.lastName}`, joinedAt: now });
    }
    await repo.addMembers(tx, members);
  }
  return channel;
}

/** `GET /api/chat/channels/{id}`. */
export async function channelView(
  db: Db,
  caller: ChatCaller,
  channelId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ChatChannel> {
  const access = await channelFor(db, caller, channelId);
  reads.show(await channelReads(db, access.channel, access.members));
  return toChannel(db, access, now);
}

/** A patient leaves: out of the queue while waiting, or the chat ends for everyone (the expert is told). */
export async function leaveChannel(
  deps: ChatDeps,
  caller: ChatCaller,
  channelId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ChatChannel> {
  const result = await deps.db.transaction(async (tx) => {
    const access = await channelFor(tx, caller, channelId);
    if (!access.member || access.member.leftAt) throw new AppError(403);
    if (access.channel.kind === 'group') {
      // One member going does not end a group's chat; they may come back while it lasts.
      await repo.leaveChannel(tx, channelId, access.me.userId, now);
      return { access, ended: false };
    }
    if (caller.kind !== 'patient') throw new AppError(403);
    if (access.channel.status !== 'ended') {
      await repo.updateChannel(tx, channelId, { status: 'ended', endedAt: now });
      await deps.emit(
        tx,
        'chat.ended',
        {
          organisationId: access.channel.organisationId,
          channelId: access.channel.id,
          appointmentId: access.channel.appointmentId,
          endedBy: 'patient',
          started: access.channel.acceptedAt !== null,
        },
        now,
      );
    }
    await recordAudit(tx, {
      actorType: 'patient',
      actorId: caller.patientId,
      action: 'chat.leave',
      objectType: 'chatChannel',
      objectId: channelId,
    });
    return { access, ended: true };
  });
  if (result.ended) {
    deps.events.channel(channelId, 'ended');
    deps.events.queue(result.access.channel.queueId);
  } else {
    deps.events.left(result.access.me.userId, channelId);
  }
  const channel = (await repo.findChannel(deps.db, channelId))!;
  reads.show(await channelReads(deps.db, channel));
  return toChannel(deps.db, { channel, me: result.access.me }, now);
}

/** `POST /ninchat/save-audience` (spec §7): the appointment records the channel its chat took place in. */
export async function saveAudience(db: Db, caller: ChatCaller, channelId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { channel, member } = await channelFor(tx, caller, channelId);
    if (!member) throw new AppError(404);
    if (channel.appointmentId) await setAppointmentAudience(tx, channel.appointmentId, channel.id);
  });
}

/** An expert opens their group appointment's channel (or a one-to-one's, to wait for the patient in it). */
export async function openAsExpert(
  db: Db,
  caller: Extract<ChatCaller, { kind: 'expert' }>,
  appointmentId: string,
  now = new Date(),
): Promise<ChatChannelRow> {
  return db.transaction(async (tx) => {
    const a = await appointmentsRepo.findAppointmentById(tx, appointmentId);
    if (!a) throw new AppError(404);
    const expert = await expertIn(tx, caller, a.organisationId);
    const participant = expert ? await appointmentsRepo.findParticipantIn(tx, a.id, { expertId: expert.id }) : undefined;
    if (!expert || (a.expertId !== expert.id && a.hostExpertId !== expert.id && !participant)) throw new AppError(404);
    const channel = await openForAppointment(tx, a, now);
    await rejoin(tx, channel, expert.id);
    return channel;
  });
}
