import type { ChatRole } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { AccessContext } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import * as repo from './chat.repo';
import type { ChatChannelRow, ChatMemberRow } from './chat.tables';

/** Who calls the chat, as the `chatMember` (or `patient` / `expert`) declaration loaded them. */
export type ChatCaller =
  /** `delegateId`: who signed in, when they act on the patient's behalf. */
  | { kind: 'patient'; patientId: string; organisationId: string; delegateId?: string | null }
  | { kind: 'guest'; participantId: string; appointmentId: string; name: string }
  | { kind: 'expert'; userId: string; organisationId: string | null };

/**
 * One caller per access context: a socket keeps its context for ACCESS_RECHECK_MS (plugins/realtime.ts), so what is
 * read once per caller (`expertRowsOf`) is read once per check on a socket, and once per request over HTTP.
 */
const callers = new WeakMap<AccessContext, ChatCaller>();

export function chatCallerOf(ctx: AccessContext): ChatCaller {
  let caller = callers.get(ctx);
  if (!caller) callers.set(ctx, (caller = callerOf(ctx)));
  return caller;
}

function callerOf(ctx: AccessContext): ChatCaller {
  if (ctx.guest) return { kind: 'guest', ...ctx.guest };
  if (ctx.patient?.organisation) {
    const { patientId, organisation, actingForPatientId, signedInPatientId } = ctx.patient;
    return { kind: 'patient', patientId, organisationId: organisation.id, delegateId: actingForPatientId ? signedInPatientId : null };
  }
  if (ctx.expert) return { kind: 'expert', userId: ctx.expert.userId, organisationId: ctx.expert.organisationId };
  throw new AppError(101);
}

/** The caller's own id: a patient's, a guest's participant row, an expert's user (TURN credentials, upload allowance). */
export function callerUserId(caller: ChatCaller): string {
  switch (caller.kind) {
    case 'patient':
      return caller.patientId;
    case 'guest':
      return caller.participantId;
    case 'expert':
      return caller.userId;
  }
}

/** The caller as a chat user: the id the transcript keys them by, their role and name. */
export type ChatIdentity = { userId: string; role: ChatRole; name: string };

type ExpertCaller = Extract<ChatCaller, { kind: 'expert' }>;
export type ExpertRow = Awaited<ReturnType<typeof repo.expertRowsOfUser>>[number];
const expertRowsRead = new WeakMap<ExpertCaller, Promise<ExpertRow[]>>();

/**
 * The expert rows of the caller (one per organisation they work in), read once per caller (see `chatCallerOf`):
 * accepting a chat needs them for the access rule, the take and the answer.
 */
export function expertRowsOf(tx: Tx, caller: ExpertCaller): Promise<ExpertRow[]> {
  let rows = expertRowsRead.get(caller);
  if (!rows) {
    // A query builder runs each time it is awaited: the promise runs it once.
    rows = Promise.resolve(repo.expertRowsOfUser(tx, caller.userId));
    expertRowsRead.set(caller, rows);
    rows.catch(() => expertRowsRead.delete(caller));
  }
  return rows;
}

/** The caller's expert row in an organisation (an expert may work in several): the id they chat under there. */
export async function expertIn(tx: Tx, caller: ExpertCaller, organisationId: string): Promise<ExpertRow | undefined> {
  return (await expertRowsOf(tx, caller)).find((r) => r.organisationId === organisationId);
}

/** The caller's chat identity in the channel's organisation; 404 when they have none there (nothing is revealed). */
async function identityIn(tx: Tx, caller: ChatCaller, channel: ChatChannelRow): Promise<ChatIdentity> {
  switch (caller.kind) {
    case 'patient':
      return { userId: caller.patientId, role: 'patient', name: '' };
    case 'guest':
      if (channel.appointmentId !== caller.appointmentId) throw new AppError(404);
      return { userId: caller.participantId, role: 'guest', name: caller.name };
    case 'expert': {
      const expert = await expertIn(tx, caller, channel.organisationId);
      if (!expert) throw new AppError(404);
      return { userId: expert.id, role: 'agent', name: `${expert.firstName} ${expert.lastName}` };
    }
  }
}

/** `members`: the channel's member rows (present and past) in the order they joined, read with the channel. */
export type ChannelAccess = { channel: ChatChannelRow; me: ChatIdentity; member: ChatMemberRow | undefined; members: ChatMemberRow[] };

/**
 * A channel the caller may see, the one access rule of HTTP routes and socket events alike (404 otherwise, so an
 * id of someone else's chat reveals nothing): its members see it (an expert who handed it over, read-only), and the
 * experts of the queue a patient waits in see the waiting channel before taking it, unless it waits for one named
 * expert (a booked one-to-one, a chat handed to them): then that expert alone. The channel and its members are one
 * read; `lock` takes the channel's row lock with it (until the transaction ends).
 */
export async function channelFor(tx: Tx, caller: ChatCaller, channelId: string, opts: { lock?: boolean } = {}): Promise<ChannelAccess> {
  const found = await repo.channelWithMembers(tx, channelId, opts.lock ?? false);
  if (!found) throw new AppError(404);
  const { channel, members } = found;
  const me = await identityIn(tx, caller, channel);
  const member = members.find((m) => m.userId === me.userId);
  if (member) return { channel, me: { ...me, name: member.name }, member, members };
  if (caller.kind === 'expert' && channel.status === 'waiting') {
    // One waiting for a named expert (a booked one-to-one, a chat handed to them) is that expert's alone.
    if (channel.expertId) {
      if (channel.expertId === me.userId) return { channel, me, member: undefined, members };
    } else if (channel.queueId) {
      const expert = (await expertIn(tx, caller, channel.organisationId))!;
      const queues = await repo.queuesOfExpert(tx, expert);
      if (queues.some((q) => q.id === channel.queueId)) return { channel, me, member: undefined, members };
    }
  }
  throw new AppError(404);
}

/** A channel the caller may write in now: a present member of an active channel (403 once it has ended or they left). */
export async function writableChannel(tx: Tx, caller: ChatCaller, channelId: string): Promise<ChannelAccess & { member: ChatMemberRow }> {
  const access = await channelFor(tx, caller, channelId);
  if (!access.member || access.member.leftAt) throw new AppError(403, { detail: 'not a present member' });
  if (access.channel.status !== 'active') throw new AppError(403, { detail: `channel ${access.channel.status}` });
  return access as ChannelAccess & { member: ChatMemberRow };
}
