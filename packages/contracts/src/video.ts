import { z } from 'zod/mini';
import type { SocketAck } from './socket-ack';
import { zUuid } from './text';
import { zMultilineText, zText } from './text';

/**
 * Video in an appointment (appointment types `basic`: one-to-one video, `group-video`: group video). Media is
 * WebRTC; which path it takes is the server's choice (`VIDEO_PROVIDER`): `mesh` (peer to peer, signalled over the
 * socket, up to VIDEO_LIMITS.meshMax people) or `janus` (the Janus SFU's videoroom). Presence (who is in the call,
 * muted or not) always goes over our socket, whatever carries the media.
 */
export const VIDEO_LIMITS = {
  /** Above this many people in one call, a mesh is too heavy for a phone: the server hands the room to Janus. */
  meshMax: 4,
  /** TURN credentials live this long (coturn REST shared-secret scheme); the client asks again before they lapse. */
  turnTtlSeconds: 3600,
} as const;

export const VIDEO_PROVIDERS = ['mesh', 'janus'] as const;
export type VideoProviderKind = (typeof VIDEO_PROVIDERS)[number];

/** One RTCIceServer, as the browser takes it. */
export const ZIceServer = z.object({
  urls: z.array(z.string()),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof ZIceServer>;

/** `GET /api/video/channels/{id}/session`: how this caller joins this channel's call, minted per request. */
export const ZVideoSession = z.object({
  channelId: z.string(),
  provider: z.enum(VIDEO_PROVIDERS),
  iceServers: z.array(ZIceServer),
  /** `relay` when the operator forces every path through TURN (VIDEO_ICE_POLICY=relay). */
  iceTransportPolicy: z.enum(['all', 'relay']),
  /** With `janus`: the instance's WebSocket address (protocol `janus-protocol`), the room and its PIN. */
  janus: z.nullable(z.object({ url: z.string(), roomId: z.number(), pin: z.string() })),
  /** The caller's id and name in the channel (what the participant list shows). */
  me: z.object({ userId: z.string(), name: z.string() }),
});
export type VideoSession = z.infer<typeof ZVideoSession>;

/** A person in the call: one socket that joined it (a second tab is a second peer). */
export const ZVideoPeer = z.object({
  /** The socket's id: signalling is addressed to it; it changes on every rejoin, so a lost peer never lingers. */
  peerId: z.string(),
  userId: z.string(),
  name: z.string(),
  role: z.enum(['patient', 'agent', 'guest']),
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
  /** With `janus`: the publisher id in the room, so the others subscribe to the right feed. */
  feedId: z.nullable(z.number()),
});
export type VideoPeer = z.infer<typeof ZVideoPeer>;

const ZMediaState = { audio: z.boolean(), video: z.boolean(), screen: z.boolean() };

export const ZVideoJoinEvent = z.object({ channelId: zUuid(), ...ZMediaState, feedId: z.optional(z.nullable(z.number())) });
export const ZVideoStateEvent = z.object({ channelId: zUuid(), ...ZMediaState, feedId: z.optional(z.nullable(z.number())) });
export const ZVideoLeaveEvent = z.object({ channelId: zUuid() });

const ZDescription = z.object({ type: z.enum(['offer', 'answer']), sdp: zMultilineText().check(z.maxLength(60_000)) });
const ZCandidate = z.object({
  candidate: zText().check(z.maxLength(2_000)),
  sdpMid: z.optional(z.nullable(zText().check(z.maxLength(64)))),
  sdpMLineIndex: z.optional(z.nullable(z.number())),
});
/** Mesh signalling: an SDP description or an ICE candidate for one other peer of the same call. */
export const ZVideoSignalEvent = z.object({
  channelId: zUuid(),
  to: zText().check(z.minLength(1), z.maxLength(64)),
  description: z.optional(ZDescription),
  candidate: z.optional(ZCandidate),
});
export type VideoSignalEvent = z.infer<typeof ZVideoSignalEvent>;
export type VideoSignal = Omit<VideoSignalEvent, 'to'> & { from: string };

/** `POST /api/expert/chat/channels/{id}/invite`: during a live group appointment, one more guest or expert by e-mail. */
export const ZInviteRequest = z.union([
  z.object({
    kind: z.literal('guest'),
    name: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong')),
    email: zText().check(z.trim(), z.email('email'), z.maxLength(254, 'tooLong')),
    language: z.enum(['fi', 'se', 'en']),
    mobile: z.optional(zText().check(z.trim(), z.maxLength(30, 'tooLong'))),
  }),
  z.object({ kind: z.literal('expert'), expertId: zUuid() }),
]);
export type InviteRequest = z.infer<typeof ZInviteRequest>;

/** Video socket events, merged into the chat's ServerEvents / ClientEvents. */
export type VideoServerEvents = {
  'video:peer-joined': (e: { channelId: string; peer: VideoPeer }) => void;
  'video:peer-state': (e: { channelId: string; peer: VideoPeer }) => void;
  'video:peer-left': (e: { channelId: string; peerId: string }) => void;
  'video:signal': (e: VideoSignal) => void;
  /** Someone waits to be admitted to a one-to-one video (the expert's side plays a sound). */
  'video:knock': (e: { channelId: string; name: string }) => void;
};
export type VideoClientEvents = {
  'video:join': (e: z.infer<typeof ZVideoJoinEvent>, ack: (r: SocketAck<{ peerId: string; peers: VideoPeer[] }>) => void) => void;
  'video:state': (e: z.infer<typeof ZVideoStateEvent>) => void;
  'video:signal': (e: VideoSignalEvent) => void;
  'video:leave': (e: z.infer<typeof ZVideoLeaveEvent>, ack?: (r: SocketAck<null>) => void) => void;
};
