import { PRESENCE_OFFLINE_SECONDS, type PresenceState, type PresenceStatus } from '@prsp/contracts';

/** What the presence rule looks at for one expert. */
export type PresenceFacts = {
  /** What they chose; null when they never chose (counts as available). */
  status: PresenceStatus | null;
  /** The last heartbeat of any of their sockets; null once the last one closed. */
  lastSeenAt: Date | null;
  /** The last time they used the app. */
  lastActiveAt: Date | null;
  openChats: number;
  maxConcurrentChats: number | null;
};

/**
 * An expert's presence now (issue 32), in this order: `offline` when no socket of theirs has sent a heartbeat within
 * PRESENCE_OFFLINE_SECONDS; else `away` when they chose away or have not used the app for the organisation's idle
 * minutes (never used counts as idle); else `busy` when they chose busy or have as many open chats as their limit;
 * else `available`. Pure: the read (presence.service.ts `organisationPresence`) and the tests use the same rule.
 *
 * Other modules read presence through presence.service.ts (the module order lets them import services only).
 */
export function presenceState(facts: PresenceFacts, idleMinutes: number, now: Date): PresenceState {
  const at = now.getTime();
  if (!facts.lastSeenAt || at - facts.lastSeenAt.getTime() > PRESENCE_OFFLINE_SECONDS * 1000) return 'offline';
  if (facts.status === 'away') return 'away';
  if (!facts.lastActiveAt || at - facts.lastActiveAt.getTime() > idleMinutes * 60_000) return 'away';
  if (facts.status === 'busy') return 'busy';
  if (facts.maxConcurrentChats !== null && facts.openChats >= facts.maxConcurrentChats) return 'busy';
  return 'available';
}

/** On duty: online and not away (busy counts: they are there, and may take the next patient when a chat ends). */
export const isOnDuty = (state: PresenceState) => state === 'available' || state === 'busy';

/** What a presence row said before a heartbeat (undefined: no row yet). */
export type SeenBefore = { lastSeenAt: Date | null; lastActiveAt: Date | null } | undefined;

/**
 * The organisations (of those given, with their idle minutes) in which a heartbeat at `now` changes the expert's
 * state by the rule above: all of them when the expert was offline (they came online); else those where they were
 * idle and are not now, or the other way round. Status and chat count do not change with a heartbeat.
 */
export function heartbeatChanges(
  before: SeenBefore,
  organisations: { id: string; idleMinutes: number }[],
  now: Date,
  active: boolean,
): string[] {
  const at = now.getTime();
  const wasOnline = before?.lastSeenAt != null && at - before.lastSeenAt.getTime() <= PRESENCE_OFFLINE_SECONDS * 1000;
  if (!wasOnline) return organisations.map((o) => o.id);
  const seenAt = before!.lastSeenAt!.getTime();
  const lastActive = before!.lastActiveAt?.getTime() ?? null;
  const activeNow = active ? at : lastActive;
  return organisations
    .filter((o) => {
      const idle = o.idleMinutes * 60_000;
      const wasIdle = lastActive === null || seenAt - lastActive > idle;
      const isIdle = activeNow === null || at - activeNow > idle;
      return wasIdle !== isIdle;
    })
    .map((o) => o.id);
}
