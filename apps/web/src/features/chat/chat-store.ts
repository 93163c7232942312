import type { ChatMessage } from '@prsp/contracts';
import {
  acknowledge,
  addPending,
  EMPTY_LOG,
  lastSeqOf,
  markFailed,
  receive,
  retryPending,
  toResend,
  type ChatLog,
  type PendingMessage,
} from './chat-log';

/** Someone else in the channel who is writing now. */
export type TypingUser = { userId: string; name: string };

export type ChatSnapshot = {
  log: ChatLog;
  typing: TypingUser[];
  /** The highest `seq` each member has read, as the socket told it after the channel was fetched. */
  reads: Record<string, number>;
  /** The server refused to let this user join the channel (gone, or not theirs). */
  joinRefused: boolean;
};

/** A 'writing…' that is never switched off (the writer's connection dropped) fades after this long. */
const TYPING_FADES_MS = 8_000;

/**
 * One channel's messages and live marks, outside React: the socket handlers write to it at any moment and the
 * page reads snapshots through `useSyncExternalStore`. The page that owns it creates it (one per channel).
 */
export function createChatStore() {
  let snapshot: ChatSnapshot = { log: EMPTY_LOG, typing: [], reads: {}, joinRefused: false };
  const listeners = new Set<() => void>();
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let readSent = 0;

  function set(next: Partial<ChatSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }
  function setLog(log: ChatLog): void {
    if (log !== snapshot.log) set({ log });
  }
  function stopTyping(userId: string): void {
    clearTimeout(typingTimers.get(userId));
    typingTimers.delete(userId);
    if (snapshot.typing.some((u) => u.userId === userId)) set({ typing: snapshot.typing.filter((u) => u.userId !== userId) });
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): ChatSnapshot => snapshot,
    lastSeq: (): number => lastSeqOf(snapshot.log.messages),
    isPending: (id: string): boolean => snapshot.log.pending.some((p) => p.id === id && p.state === 'sending'),
    toResend: (): PendingMessage[] => toResend(snapshot.log),
    receive(messages: readonly ChatMessage[]): void {
      setLog(receive(snapshot.log, messages));
      // A message from a writer ends their 'writing…'.
      for (const m of messages) if (typingTimers.has(m.userId)) stopTyping(m.userId);
    },
    addPending(message: Omit<PendingMessage, 'state'>): void {
      setLog(addPending(snapshot.log, message));
    },
    acknowledge(id: string, stored: ChatMessage): void {
      setLog(acknowledge(snapshot.log, id, stored));
    },
    fail(id: string): void {
      setLog(markFailed(snapshot.log, id));
    },
    retry(id: string): void {
      setLog(retryPending(snapshot.log, id));
    },
    typing(user: TypingUser, typing: boolean): void {
      if (!typing) return stopTyping(user.userId);
      clearTimeout(typingTimers.get(user.userId));
      typingTimers.set(
        user.userId,
        setTimeout(() => stopTyping(user.userId), TYPING_FADES_MS),
      );
      if (!snapshot.typing.some((u) => u.userId === user.userId)) set({ typing: [...snapshot.typing, user] });
    },
    read(userId: string, seq: number): void {
      if ((snapshot.reads[userId] ?? 0) >= seq) return;
      set({ reads: { ...snapshot.reads, [userId]: seq } });
    },
    /** True once per new `seq` worth telling the others as read (0 and older marks are not). */
    claimRead(seq: number): boolean {
      if (seq <= readSent) return false;
      readSent = seq;
      return true;
    },
    refuseJoin(): void {
      if (!snapshot.joinRefused) set({ joinRefused: true });
    },
    dispose(): void {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      typingTimers.clear();
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
