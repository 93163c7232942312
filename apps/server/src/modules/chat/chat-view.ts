import type { ChatChannel, ChatMessage, Localized } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import * as repo from './chat.repo';
import type { ChannelAccess } from './chat-participants';
import type { ChatMemberRow } from './chat.tables';

export function toMessage(m: repo.MessageWithFile): ChatMessage {
  return {
    id: m.id,
    channelId: m.channelId,
    seq: m.seq,
    userId: m.userId,
    userName: m.userName,
    role: m.role,
    kind: m.kind,
    text: m.text,
    file: m.file,
    sentAt: m.createdAt.getTime(),
  };
}

/** A service row the caller has read already. */
type KnownService = Awaited<ReturnType<typeof repo.serviceOf>>;

/**
 * A channel as the caller sees it: its members with their read marks, and while it waits, the place in line and a
 * rough wait (the place times the queue's recent mean chat length; null before the queue has any history). The
 * members and the service are read unless the caller has them (`channelFor` reads the members with the channel).
 */
export async function toChannel(
  tx: Tx,
  view: Pick<ChannelAccess, 'channel'> & {
    me: Pick<ChannelAccess['me'], 'userId' | 'role'>;
    members?: ChatMemberRow[];
    service?: KnownService;
  },
  now = new Date(),
): Promise<ChatChannel> {
  const { channel, me, service: knownService } = view;
  // One after another: on a transaction's one connection, queries must not overlap.
  const members = view.members ?? (await repo.membersOf(tx, channel.id));
  const service = knownService ?? (channel.serviceId ? await repo.serviceOf(tx, channel.serviceId) : undefined);
  const appointment = channel.appointmentId ? await repo.appointmentOf(tx, channel.appointmentId) : undefined;
  let position: number | null = null;
  let estimatedWaitSeconds: number | null = null;
  if (channel.status === 'waiting' && channel.queueId) {
    const wait = await repo.queueWait(tx, channel.queueId, channel, now);
    position = wait.position;
    estimatedWaitSeconds = wait.meanSeconds === null ? null : Math.round(wait.meanSeconds * position);
  }
  return {
    id: channel.id,
    kind: channel.kind,
    status: channel.status,
    queueId: channel.queueId,
    serviceName: (service?.name as Localized | undefined) ?? null,
    appointmentId: channel.appointmentId,
    position,
    estimatedWaitSeconds,
    appointmentStartsAt: appointment?.startsAt.getTime() ?? null,
    createdAt: channel.createdAt.getTime(),
    acceptedAt: channel.acceptedAt?.getTime() ?? null,
    endedAt: channel.endedAt?.getTime() ?? null,
    members: members.filter((m) => !m.leftAt).map((m) => ({ userId: m.userId, name: m.name, role: m.role, readSeq: m.readSeq })),
    me: { userId: me.userId, role: me.role },
    expertId: channel.expertId,
    lastSeq: channel.lastSeq,
    video: appointment?.type === 'basic' || appointment?.type === 'group-video',
  };
}
