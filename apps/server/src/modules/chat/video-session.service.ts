import type { VideoSession } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import * as repo from './chat.repo';
import { callerUserId, writableChannel, type ChatCaller } from './chat-participants';
import type { ChatChannelRow } from './chat.tables';
import { iceServersFor, type IceConfig } from './video-ice';
import type { VideoProvider } from './video-provider';

export type VideoDeps = { db: Db; provider: VideoProvider; ice: IceConfig };

/** Appointment types whose channel has a call: `basic` (one-to-one video) and `group-video`. */
export async function isVideoChannel(tx: Tx, channel: ChatChannelRow): Promise<boolean> {
  if (!channel.appointmentId) return false;
  const type = (await repo.appointmentOf(tx, channel.appointmentId))?.type;
  return type === 'basic' || type === 'group-video';
}

/**
 * A call the caller may be in now: the chat's one access rule (`channelFor`: 404 for a channel that is not theirs),
 * then a present member of an active channel (403 while it waits or once it has ended), of a video appointment (404).
 */
export async function videoChannel(tx: Tx, caller: ChatCaller, channelId: string) {
  const access = await writableChannel(tx, caller, channelId);
  if (!(await isVideoChannel(tx, access.channel))) throw new AppError(404, { detail: 'not a video channel' });
  return access;
}

/**
 * `GET /api/video/channels/{id}/session`: how the caller joins the channel's call, with ICE servers minted for them
 * now and, when the call runs through Janus, the room (created on first need) and its PIN.
 */
export async function videoSession(deps: VideoDeps, caller: ChatCaller, channelId: string, now = new Date()): Promise<VideoSession> {
  const { me, channel, janus } = await deps.db.transaction(async (tx) => {
    const { me, channel } = await videoChannel(tx, caller, channelId);
    // The expected size: the members who are in the channel (a group's whole cast is in it from the start).
    const present = (await repo.membersOf(tx, channel.id)).filter((m) => !m.leftAt).length;
    return { me, channel, janus: await deps.provider.roomFor(tx, channel, present) };
  });
  return {
    channelId: channel.id,
    provider: janus ? 'janus' : 'mesh',
    ...iceServersFor(deps.ice, callerUserId(caller), now),
    janus,
    me: { userId: me.userId, name: me.name },
  };
}
