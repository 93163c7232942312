import { toLanguage, type ExpertChat, type ExpertQueue, type Localized, type TransferRequest } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { preQuestionnaireOf } from './chat-appointments.repo';
import * as repo from './chat.repo';
import type { ChatDeps } from './chat-channels.service';
import { openAsExpert } from './chat-channels.service';
import { openMetadata } from './chat-metadata';
import { channelFor, expertIn, expertRowsOf, type ChatCaller } from './chat-participants';
import { toChannel } from './chat-view';
import { isQueueOpen } from './opening-hours';
import { lockedChatLoad } from './chat-limit.repo';
import type { ChatChannelRow } from './chat.tables';
import { readsOf, type PatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import { addSystemMessage } from './chat-messages.service';
import { delegateReads, deskPatients, deskPeople, identityCodeOf } from './desk-patient';
import type { FieldCipher } from '../../platform/crypto/field-cipher';

export type ExpertCaller = Extract<ChatCaller, { kind: 'expert' }>;

/** The expert rows the caller works as: the session's organisation's, else every organisation's. */
async function myExpertRows(tx: Tx, caller: ExpertCaller) {
  const rows = await expertRowsOf(tx, caller);
  const here = rows.filter((r) => r.organisationId === caller.organisationId);
  return here.length > 0 ? here : rows;
}

/** The queues the expert belongs to: their chat queue and personal queues, each once. */
async function myQueues(db: Db, caller: ExpertCaller) {
  const experts = await myExpertRows(db, caller);
  const queues = (await Promise.all(experts.map((e) => repo.queuesOfExpert(db, e)))).flat();
  return [...new Map(queues.map((q) => [q.id, q])).values()];
}

/** The ids of the queues the expert belongs to (what their desk watches), without who waits in them. */
export async function expertQueueIds(db: Db, caller: ExpertCaller): Promise<string[]> {
  return (await myQueues(db, caller)).map((q) => q.id);
}

/** The queues the expert belongs to (their chat queue and personal queues), with who waits in each and since when. */
export async function expertQueues(
  db: Db,
  cipher: FieldCipher,
  caller: ExpertCaller,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertQueue[]> {
  const unique = await myQueues(db, caller);
  const mine = new Set((await myExpertRows(db, caller)).map((e) => e.id));
  // A chat waiting for one named expert shows in the queue to that expert alone; one handed to them is on their desk.
  const waiting = (
    await repo.waitingIn(
      db,
      unique.map((q) => q.id),
    )
  ).filter((w) => w.channel.expertId === null || (mine.has(w.channel.expertId) && w.channel.handoverFrom === null));
  reads.show([
    ...waiting.flatMap((w) =>
      readsOf([w.channel.patientId], { organisationId: w.channel.organisationId, objectType: 'chatChannel', objectId: w.channel.id }),
    ),
    ...delegateReads(waiting.map((w) => w.channel)),
  ]);
  const people = await deskPatients(
    db,
    cipher,
    waiting.map((w) => w.channel),
    now,
  );
  const patientOf = new Map(waiting.map((w, i) => [w.channel.id, people[i] ?? null]));
  return unique.map((q) => {
    const here = waiting.filter((w) => w.channel.queueId === q.id);
    // The line puts an emergency first (queue-order.ts): the longest wait is not always the first one's.
    const oldest = here.length === 0 ? undefined : Math.min(...here.map((w) => w.channel.queuedAt.getTime()));
    return {
      id: q.id,
      name: q.name,
      closed: q.openingHours.closed,
      open: isQueueOpen(q.openingHours, now),
      waiting: here.map((w) => ({
        channelId: w.channel.id,
        name: w.givenName ? `${w.givenName} ${w.familyName}` : '',
        kind: w.channel.kind,
        serviceName: (w.serviceName as Localized | null) ?? null,
        waitingSince: w.channel.queuedAt.getTime(),
        appointmentStartsAt: w.appointmentStartsAt?.getTime() ?? null,
        patient: patientOf.get(w.channel.id) ?? null,
        urgency: w.channel.urgency,
      })),
      longestWaitSeconds: oldest === undefined ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
    };
  });
}

/**
 * Takes a waiting channel: the expert joins it, it becomes active; the patient and the queue are told. A queue chat
 * (taken from a queue, or handed over) beyond the expert's limit of chats at once is refused with 409 (issue 32); a
 * booked appointment's chat is not counted and not refused.
 */
async function take(deps: ChatDeps, tx: Tx, caller: ExpertCaller, channel: ChatChannelRow, now: Date): Promise<void> {
  const expert = await expertIn(tx, caller, channel.organisationId);
  if (!expert) throw new AppError(404);
  if (channel.kind === 'queue') {
    const load = await lockedChatLoad(tx, expert.id, channel.id);
    if (load.limit !== null && load.open >= load.limit) throw new AppError(409, { detail: 'chat limit reached' });
  }
  await repo.updateChannel(tx, channel.id, { status: 'active', expertId: expert.id, acceptedAt: now });
  await repo.addMembers(tx, [
    { channelId: channel.id, userId: expert.id, role: 'agent', name: `${expert.firstName} ${expert.lastName}`, joinedAt: now },
  ]);
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: caller.userId,
    action: 'chat.accept',
    objectType: 'chatChannel',
    objectId: channel.id,
  });
  // The patient's turn (a web push in case they left the page: docs/notifications.md 'Web push').
  await deps.emit(
    tx,
    'chat.accepted',
    { organisationId: channel.organisationId, channelId: channel.id, patientId: channel.patientId },
    now,
  );
}

/** Accepts the next patient in one of the expert's queues (404 when nobody waits): two experts never take the same one. */
export async function acceptNext(
  deps: ChatDeps,
  caller: ExpertCaller,
  queueId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertChat> {
  const { channel, answer } = await deps.db.transaction(async (tx) => {
    const mine: { id: string }[] = [];
    for (const e of await myExpertRows(tx, caller)) mine.push(...(await repo.queuesOfExpert(tx, e)));
    if (!mine.some((q) => q.id === queueId)) throw new AppError(404);
    const next = await repo.lockNextWaiting(
      tx,
      queueId,
      (await myExpertRows(tx, caller)).map((e) => e.id),
    );
    if (!next) throw new AppError(404, { detail: 'nobody waiting' });
    return takeAndAnswer(deps, tx, caller, next, reads, now);
  });
  announceAccepted(deps, channel);
  return answer;
}

/** Accepts a named waiting patient (the channel must still wait in one of the expert's queues). */
export async function acceptChannel(
  deps: ChatDeps,
  caller: ExpertCaller,
  channelId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertChat> {
  const { channel, answer } = await deps.db.transaction(async (tx) => {
    // Locked as it is read: another expert may have taken it since it was listed, then it no longer waits here.
    const { channel } = await channelFor(tx, caller, channelId, { lock: true });
    if (channel.status !== 'waiting') throw new AppError(404, { detail: 'already taken' });
    return takeAndAnswer(deps, tx, caller, channel, reads, now);
  });
  announceAccepted(deps, channel);
  return answer;
}

/**
 * Takes the channel and reads the expert's answer in the same transaction: what it shows is what commits, and its
 * reads need no transaction of their own.
 */
async function takeAndAnswer(deps: ChatDeps, tx: Tx, caller: ExpertCaller, channel: ChatChannelRow, reads: PatientReads, now: Date) {
  await take(deps, tx, caller, channel, now);
  return { channel, answer: await expertChat({ db: tx, cipher: deps.cipher }, caller, channel.id, reads, now) };
}

/** After commit: the patient hears they were taken, the queue's experts that it moved. */
function announceAccepted(deps: ChatDeps, channel: ChatChannelRow): void {
  deps.events.channel(channel.id, 'active');
  deps.events.queue(channel.queueId);
}

/** One chat as the expert's desk shows it: the channel, who the patient is, what they answered before it. */
export async function expertChat(
  deps: Pick<ChatDeps, 'cipher'> & { db: Tx },
  caller: ExpertCaller,
  channelId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertChat> {
  const access = await channelFor(deps.db, caller, channelId);
  const { channel } = access;
  reads.show([...(await channelReads(deps.db, channel, access.members)), ...delegateReads([channel])]);
  // The patient's row gives both their name and what the desk shows of them.
  const people = await deskPeople(deps.db, [channel]);
  const person = channel.patientId ? people.get(channel.patientId) : undefined;
  const patientName = person ? `${person.givenName} ${person.familyName}` : undefined;
  // One after another: on a transaction's one connection, queries must not overlap.
  const view = await toChannel(deps.db, access, now);
  const appointment = channel.appointmentId ? await preQuestionnaireOf(deps.db, channel.appointmentId) : [];
  const [patient] = await deskPatients(deps.db, deps.cipher, [channel], now, people);
  const title = channel.appointmentId ? await repo.appointmentName(deps.db, channel.appointmentId) : undefined;
  const me = await expertIn(deps.db, caller, channel.organisationId);
  const metadata =
    channel.secureMetadata && channel.patientId && channel.serviceId
      ? openMetadata(deps.cipher, channel.secureMetadata, { patientId: channel.patientId, serviceId: channel.serviceId })
      : null;
  return {
    channel: view,
    patientName: patientName ?? null,
    patientId: channel.patientId,
    patient: patient ?? null,
    writesIn: toLanguage(me?.communicationLanguage) ?? null,
    title: title ?? null,
    handover: channel.handoverFrom
      ? {
          from: channel.handoverFrom,
          note: channel.handoverNote,
          offered: channel.status === 'waiting' && channel.expertId === access.me.userId,
        }
      : null,
    preQuestionnaire: appointment[0]?.preQuestionnaire ?? null,
    metadata,
    urgency: channel.urgency,
  };
}

/**
 * The full identity code of a chat's patient, for an expert who may see the chat (its member, or an expert of the
 * queue it waits in): asked for on its own, so that each reveal is a read of its own in the audit log.
 */
export async function chatIdentityCode(
  deps: Pick<ChatDeps, 'db' | 'cipher'>,
  caller: ExpertCaller,
  channelId: string,
  reads: PatientReads,
): Promise<{ identityCode: string }> {
  const { channel } = await channelFor(deps.db, caller, channelId);
  const identityCode = await identityCodeOf(deps.db, deps.cipher, channel);
  reads.show(readsOf([channel.patientId], { organisationId: channel.organisationId, objectType: 'chatChannel', objectId: channel.id }));
  return { identityCode };
}

/** The expert's active chats (several at once), and those handed to them that wait for them to accept. */
export async function myChats(
  deps: Pick<ChatDeps, 'db' | 'cipher'>,
  caller: ExpertCaller,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertChat[]> {
  const experts = await myExpertRows(deps.db, caller);
  const ids = experts.map((e) => e.id);
  // Chats handed to the expert wait on the desk for them to accept.
  const rows = [...(await repo.activeChannelsOfMember(deps.db, ids)), ...(await repo.offeredTo(deps.db, ids))];
  reads.show([]);
  return Promise.all(rows.map((r) => expertChat(deps, caller, r.channel.id, reads, now)));
}

/** Where a chat can be handed over: the organisation's queues and its other experts, each said to be online or not. */
export async function transferTargets(db: Db, caller: ExpertCaller, online: (userIds: string[]) => Promise<Set<string>>) {
  const [expert] = await myExpertRows(db, caller);
  if (!expert) return { queues: [], experts: [] };
  const [queues, experts] = await Promise.all([
    repo.organisationQueues(db, expert.organisationId),
    repo.organisationExperts(db, expert.organisationId),
  ]);
  const others = experts.filter((e) => e.id !== expert.id);
  const present = await online(others.map((e) => e.userId));
  return {
    queues: queues.map((q) => ({ id: q.id, name: q.name })),
    experts: others.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}`, online: present.has(e.userId) })),
  };
}

/**
 * Hands a one-to-one chat over, with an optional note for whoever takes it: to another queue (the patient waits
 * there again, first in line by their original entry time), or to a named expert of the organisation, to whom alone
 * it is then offered until they accept it. The patient reads in the thread that the chat was transferred. The
 * expert leaves the channel but keeps its transcript in their contact history.
 */
export async function transfer(deps: ChatDeps, caller: ExpertCaller, channelId: string, to: TransferRequest, now = new Date()) {
  const outcome = await deps.db.transaction(async (tx) => {
    const { channel, member, me } = await channelFor(tx, caller, channelId);
    if (!member || member.leftAt || channel.status !== 'active' || channel.kind === 'group') throw new AppError(403);
    const handover = { status: 'waiting' as const, acceptedAt: null, handoverFrom: me.name, handoverNote: to.note?.trim() || null };
    let toUser: string | null = null;
    if ('queueId' in to) {
      const queue = await repo.findQueue(tx, to.queueId);
      if (!queue || queue.organisationId !== channel.organisationId) throw new AppError(404);
      await repo.updateChannel(tx, channel.id, { ...handover, queueId: queue.id, expertId: null });
    } else {
      const [target] = (await repo.organisationExperts(tx, channel.organisationId)).filter((e) => e.id === to.expertId);
      if (!target || target.id === me.userId) throw new AppError(404);
      await repo.updateChannel(tx, channel.id, { ...handover, expertId: target.id });
      toUser = target.userId;
    }
    await repo.leaveChannel(tx, channel.id, me.userId, now);
    const notice = await addSystemMessage(tx, channel.id, me, 'transferred', now);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: caller.userId,
      action: 'chat.transfer',
      objectType: 'chatChannel',
      objectId: channel.id,
      details: 'queueId' in to ? { queueId: to.queueId } : { expertId: to.expertId },
    });
    return { from: channel.queueId, to: 'queueId' in to ? to.queueId : null, toUser, notice };
  });
  deps.events.message(outcome.notice);
  deps.events.left(caller.userId, channelId);
  deps.events.channel(channelId, 'waiting', outcome.toUser ? [outcome.toUser] : []);
  deps.events.queue(outcome.from);
  if (outcome.to !== outcome.from) deps.events.queue(outcome.to);
}

/** Ends a chat for everyone (spec §4 'Chat end goes to feedback'). */
export async function endChat(deps: ChatDeps, caller: ExpertCaller, channelId: string, now = new Date()): Promise<void> {
  const channel = await deps.db.transaction(async (tx) => {
    const { channel, member } = await channelFor(tx, caller, channelId);
    if (!member || member.leftAt) throw new AppError(403);
    if (channel.status !== 'ended') {
      await repo.updateChannel(tx, channel.id, { status: 'ended', endedAt: now });
      await deps.emit(
        tx,
        'chat.ended',
        {
          organisationId: channel.organisationId,
          channelId: channel.id,
          appointmentId: channel.appointmentId,
          endedBy: 'expert',
          started: channel.acceptedAt !== null,
        },
        now,
      );
    }
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: caller.userId,
      action: 'chat.end',
      objectType: 'chatChannel',
      objectId: channel.id,
    });
    return channel;
  });
  deps.events.channel(channelId, 'ended');
  deps.events.queue(channel.queueId);
}

/** An expert opens their appointment's chat (a group's, at its start), answered as their desk shows it. */
export async function openAppointmentChat(
  deps: ChatDeps,
  caller: ExpertCaller,
  appointmentId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertChat> {
  const channel = await openAsExpert(deps.db, caller, appointmentId, now);
  deps.events.queue(channel.queueId);
  return expertChat(deps, caller, channel.id, reads, now);
}
