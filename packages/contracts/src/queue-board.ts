import { z } from 'zod/mini';
import type { SocketAck } from './socket-ack';
import { ZPresenceState } from './presence';

/**
 * The live queue board (issue 32, docs/queue-board.md): `GET /api/admin/queues/board` for an organisation's admins
 * (service settings' view) and `GET /api/expert/queues/board` for its shift leads, read-only. The answer is the whole
 * board; the socket only says that something moved (`board:changed`) and the page asks again.
 */

/** One expert who serves a queue, as the board shows them. */
export const ZBoardExpert = z.object({
  expertId: z.string(),
  name: z.string(),
  state: ZPresenceState,
  /** Queue chats they serve now (status active), in any queue. */
  openChats: z.number(),
});
export type BoardExpert = z.infer<typeof ZBoardExpert>;

/** One queue of the organisation now and today. */
export const ZBoardQueue = z.object({
  id: z.string(),
  name: z.string(),
  /** A queue of one expert's own (their personal queue). */
  personal: z.boolean(),
  waiting: z.number(),
  /** Of those waiting, how many the patient's own answers marked emergency or urgent. */
  urgentWaiting: z.number(),
  /** When the longest-waiting patient entered the queue (ISO instant), null when nobody waits: the page ticks from it. */
  oldestQueuedAt: z.nullable(z.string()),
  /** Chats taken from the queue and still going. */
  inProgress: z.number(),
  /** Today (the organisation's local day): chats taken and ended. */
  handledToday: z.number(),
  /** Today: chats ended (the patient left or was ended) before anyone took them. */
  abandonedToday: z.number(),
  experts: z.array(ZBoardExpert),
});
export type BoardQueue = z.infer<typeof ZBoardQueue>;

export const ZQueueBoard = z.object({
  /** The local day `handledToday` and `abandonedToday` count (YYYY-MM-DD, Europe/Helsinki). */
  day: z.string(),
  /** When the server read it (ISO instant). */
  at: z.string(),
  queues: z.array(ZBoardQueue),
});
export type QueueBoard = z.infer<typeof ZQueueBoard>;

/** The least time between two refetches of the board on a burst of `board:changed` events (the page coalesces). */
export const BOARD_REFETCH_MIN_MS = 500;

/** Board socket events: the server tells the board room that a figure moved; the page then refetches over HTTP. */
export type BoardServerEvents = {
  'board:changed': (e: Record<string, never>) => void;
};

/**
 * `board:watch` (the admin app) and `board:watchAsLead` (the expert app, shift leads) put the socket in the
 * organisation's board room after the same check as the board's HTTP route; the answer is the organisation's id.
 */
export type BoardClientEvents = {
  'board:watch': (e: Record<string, never>, ack: (r: SocketAck<{ organisationId: string }>) => void) => void;
  'board:watchAsLead': (e: Record<string, never>, ack: (r: SocketAck<{ organisationId: string }>) => void) => void;
};

/** `GET /api/expert/queues/board/access`: whether the expert leads a shift (the expert app shows the board's menu entry). */
export const ZBoardAccess = z.object({ shiftLead: z.boolean() });
export type BoardAccess = z.infer<typeof ZBoardAccess>;
