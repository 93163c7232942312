import type { ChatMessage } from '@prsp/contracts';

/**
 * What a chat page holds of one channel: the stored messages in `seq` order, and the messages it has sent that
 * the server has not yet acknowledged. Every change makes a new value (the page renders from snapshots), and
 * none of these functions knows about sockets or HTTP, so the rules that keep a chat from losing or doubling a
 * message are tested alone.
 */
export type PendingMessage = {
  /** The client's own id (a UUID): a resend with it is answered with the stored message, never stored twice. */
  id: string;
  text: string;
  createdAt: number;
  /** 'sending' until acknowledged (resent after each reconnect); 'failed' when the server refused it. */
  state: 'sending' | 'failed';
};

export type ChatLog = { messages: ChatMessage[]; pending: PendingMessage[] };

export const EMPTY_LOG: ChatLog = { messages: [], pending: [] };

/** The highest `seq` held: the next `GET …/messages?after=` starts there. */
export function lastSeqOf(messages: readonly ChatMessage[]): number {
  return messages.length === 0 ? 0 : messages[messages.length - 1]!.seq;
}

/**
 * `incoming` merged into `held` by `seq`: sorted, each seq once (a message that came by socket and again by
 * HTTP is kept once). Returns `held` itself when nothing is new, so a snapshot that did not change stays equal.
 */
export function mergeMessages(held: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(held.map((m) => m.seq));
  const fresh = incoming.filter((m) => {
    if (seen.has(m.seq)) return false;
    seen.add(m.seq);
    return true;
  });
  if (fresh.length === 0) return held;
  return [...held, ...fresh].sort((a, b) => a.seq - b.seq);
}

/** Stored messages arrived (socket, HTTP or an acknowledgement): they join the log and end the wait of their pending twins. */
export function receive(log: ChatLog, incoming: readonly ChatMessage[]): ChatLog {
  const messages = mergeMessages(log.messages, incoming);
  const stored = new Set(incoming.map((m) => m.id));
  const pending = log.pending.some((p) => stored.has(p.id)) ? log.pending.filter((p) => !stored.has(p.id)) : log.pending;
  return messages === log.messages && pending === log.pending ? log : { messages, pending };
}

/** A message the user just sent: shown at once as 'sending'. */
export function addPending(log: ChatLog, message: Omit<PendingMessage, 'state'>): ChatLog {
  if (log.pending.some((p) => p.id === message.id)) return log;
  return { ...log, pending: [...log.pending, { ...message, state: 'sending' }] };
}

/** The server acknowledged pending `id` with the stored message. */
export function acknowledge(log: ChatLog, id: string, stored: ChatMessage): ChatLog {
  const next = receive(log, [stored]);
  return next.pending.some((p) => p.id === id) ? { ...next, pending: next.pending.filter((p) => p.id !== id) } : next;
}

/** The server refused pending `id` (too long, channel ended, no access): it stays on screen, marked as not sent. */
export function markFailed(log: ChatLog, id: string): ChatLog {
  if (!log.pending.some((p) => p.id === id && p.state === 'sending')) return log;
  return { ...log, pending: log.pending.map((p) => (p.id === id ? { ...p, state: 'failed' } : p)) };
}

/** The user asked to try a failed message again: it goes back to 'sending' with the same id. */
export function retryPending(log: ChatLog, id: string): ChatLog {
  if (!log.pending.some((p) => p.id === id && p.state === 'failed')) return log;
  return { ...log, pending: log.pending.map((p) => (p.id === id ? { ...p, state: 'sending' } : p)) };
}

/** What to (re)send after a (re)connect: every message still waiting for its acknowledgement, oldest first. */
export function toResend(log: ChatLog): PendingMessage[] {
  return log.pending.filter((p) => p.state === 'sending');
}

/**
 * How far the others in the channel have read (the furthest of them): an own message up to this `seq` shows
 * as read. Members' marks come with the channel; `reads` holds the newer ones the socket told since.
 */
export function othersReadSeq(members: readonly { userId: string; readSeq: number }[], me: string, reads: Record<string, number>): number {
  let furthest = 0;
  for (const m of members) if (m.userId !== me) furthest = Math.max(furthest, m.readSeq, reads[m.userId] ?? 0);
  return furthest;
}
