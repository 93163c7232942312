import { z } from 'zod/mini';
import type { SocketAck } from './socket-ack';

/**
 * Presence of the staff (issue 32). The expert app's socket sends `presence:heartbeat` every
 * PRESENCE_HEARTBEAT_SECONDS; an expert none of whose sockets has sent one within PRESENCE_OFFLINE_SECONDS counts as
 * offline, so a crashed instance or a closed laptop leaves nobody 'online' for long. Activity (keyboard, pointer) is
 * reported at most once per PRESENCE_ACTIVITY_SECONDS.
 */
export const PRESENCE_HEARTBEAT_SECONDS = 25;
export const PRESENCE_OFFLINE_SECONDS = 70;
export const PRESENCE_ACTIVITY_SECONDS = 60;
/** The organisation's idle time (minutes without use before an expert counts as away): its bounds in the admin form. */
export const PRESENCE_IDLE_MINUTES_MIN = 1;
export const PRESENCE_IDLE_MINUTES_MAX = 480;
/** The highest chat limit an admin may set for an expert (null: no limit). */
export const MAX_CONCURRENT_CHATS_LIMIT = 50;

/** What an expert chose for themselves. */
export const PRESENCE_STATUSES = ['available', 'busy', 'away'] as const;
export const ZPresenceStatus = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof ZPresenceStatus>;

/** What an expert is now, by the rule in the server's `presenceState`: their choice, their use, their open chats, their sockets. */
export const PRESENCE_STATES = ['available', 'busy', 'away', 'offline'] as const;
export const ZPresenceState = z.enum(PRESENCE_STATES);
export type PresenceState = z.infer<typeof ZPresenceState>;

/** One expert of an organisation and their presence now (the queue board and the expert app read these). */
export const ZExpertPresence = z.object({
  expertId: z.string(),
  userId: z.string(),
  name: z.string(),
  state: ZPresenceState,
  /** What they chose (available when they never chose). */
  status: ZPresenceStatus,
  /** Queue chats they serve now (status active). */
  openChats: z.number(),
  /** null: no limit. */
  maxConcurrentChats: z.nullable(z.number()),
  /** The queues they serve: their organisation queue and their personal one, if any. */
  queueIds: z.array(z.string()),
});
export type ExpertPresence = z.infer<typeof ZExpertPresence>;

/** `PUT /api/expert/presence`: the expert sets their own status. */
export const ZSetPresenceRequest = z.object({ status: ZPresenceStatus });
export type SetPresenceRequest = z.infer<typeof ZSetPresenceRequest>;

/** `GET /api/expert/presence` and the answer of the PUT: the caller's own presence in the organisation chosen. */
export const ZOwnPresence = ZExpertPresence;
export type OwnPresence = ExpertPresence;

/** The socket event the organisation's room hears when someone's presence state changes (the board refreshes). */
export const ZPresenceChanged = z.object({ organisationId: z.string() });
export type PresenceChanged = z.infer<typeof ZPresenceChanged>;

/** `presence:heartbeat` (expert app → server, every PRESENCE_HEARTBEAT_SECONDS): `active` when the expert used the app since the last one. */
export const ZPresenceHeartbeat = z.object({ active: z.boolean() });
export type PresenceHeartbeat = z.infer<typeof ZPresenceHeartbeat>;

/**
 * Presence socket events. The server tells the organisation's room (`org:<id>`, which the queue board's sockets may
 * join) and the user's own sockets when someone's presence may have changed (came online, went offline, chose a
 * status, went idle or came back): listeners refetch. Changes by time alone (a crashed browser going offline after
 * PRESENCE_OFFLINE_SECONDS) are not announced.
 */
export type PresenceServerEvents = {
  'presence:changed': (e: PresenceChanged) => void;
};
export type PresenceClientEvents = {
  'presence:heartbeat': (e: PresenceHeartbeat, ack?: (r: SocketAck<null>) => void) => void;
};
