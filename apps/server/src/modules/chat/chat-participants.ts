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

export function chatCallerOf(ctx: AccessContext): ChatCaller {
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

/** An expert's row in an organisation (an expert may work in several): the id they chat under there. */
export async function expertIn(tx: Tx, userId: string, organisationId: string) {
  const rows = await repo.expertRowsOfUser(tx, userId);
  return rows.find((r) => r.organisationId === organisationId);
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
      const expert = await expertIn(tx, caller.userId, channel.organisationId);
      if (!expert) throw new AppError(404);
      return { userId: expert.id, role: 'agent', name: `${expert.firstName} ${expert.lastName}` };
    }
  }
}

export type ChannelAccess = { channel: ChatChannelRow; me: ChatIdentity; member: ChatMemberRow | undefined };

/**
 * A channel the caller may see, the one access rule of HTTP routes and socket events alike (404 otherwise, so an
 * id of someone else's chat reveals nothing): its members see it (an expert who handed it over, read-only), and the
 * experts of the queue a patient waits in see the waiting channel before taking it, unless it waits for one named
 * expert (a booked one-to-one, a chat handed to them): then that expert alone.
 */
export async function channelFor(tx: Tx, caller: ChatCaller, channelId: string): Promise<ChannelAccess> {
  const channel = await repo.findChannel(tx, channelId);
  if (!channel) throw new AppError(404);
  const me = await identityIn(tx, caller, channel);
  const member = await repo.memberOf(tx, channel.id, me.userId);
  if (member) return { channel, me: { ...me, name: member.name }, member };
  if (caller.kind === 'expert' && channel.status === 'waiting') {
    // One waiting for a named expert (a booked one-to-one, a chat handed to them) is that expert's alone.
    if (channel.expertId) {
      if (channel.expertId === me.userId) return { channel, me, member: undefined };
    } else if (channel.queueId) {
      const expert = (await expertIn(tx, caller.userId, channel.organisationId))!;
      const queues = await repo.queuesOfExpert(tx, expert);
      if (queues.some((q) => q.id === channel.queueId)) return { channel, me, member: undefined };
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
