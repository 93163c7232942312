import { describe, expect, it } from 'vitest';
import { PRESENCE_OFFLINE_SECONDS } from '@prsp/contracts';
import type { ExpertPresence } from '@prsp/contracts';
import { heartbeatChanges, isOnDuty, presenceState, type PresenceFacts } from './presence';
import { onDutyByQueue } from './presence.service';

const now = new Date('2026-03-29T10:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const facts = (over: Partial<PresenceFacts> = {}): PresenceFacts => ({
  status: 'available',
  lastSeenAt: ago(5),
  lastActiveAt: ago(30),
  openChats: 0,
  maxConcurrentChats: null,
  ...over,
});

describe('presenceState', () => {
  it('is available when seen, active and under the limit', () => {
    expect(presenceState(facts(), 15, now)).toBe('available');
    expect(presenceState(facts({ status: null }), 15, now)).toBe('available');
    expect(presenceState(facts({ openChats: 2, maxConcurrentChats: 3 }), 15, now)).toBe('available');
  });

  it('is offline without a heartbeat in the window, whatever was chosen', () => {
    expect(presenceState(facts({ lastSeenAt: null }), 15, now)).toBe('offline');
    expect(presenceState(facts({ lastSeenAt: ago(PRESENCE_OFFLINE_SECONDS + 1) }), 15, now)).toBe('offline');
    expect(presenceState(facts({ lastSeenAt: ago(PRESENCE_OFFLINE_SECONDS) }), 15, now)).toBe('available');
    expect(presenceState(facts({ lastSeenAt: null, status: 'busy' }), 15, now)).toBe('offline');
  });

  it('is away when chosen, or idle longer than the organisation allows', () => {
    expect(presenceState(facts({ status: 'away' }), 15, now)).toBe('away');
    expect(presenceState(facts({ lastActiveAt: ago(15 * 60 + 1) }), 15, now)).toBe('away');
    expect(presenceState(facts({ lastActiveAt: ago(15 * 60) }), 15, now)).toBe('available');
    expect(presenceState(facts({ lastActiveAt: ago(6 * 60) }), 5, now)).toBe('away');
    expect(presenceState(facts({ lastActiveAt: null }), 15, now)).toBe('away');
    // away wins over busy and the limit
    expect(presenceState(facts({ status: 'away', openChats: 9, maxConcurrentChats: 1 }), 15, now)).toBe('away');
    expect(presenceState(facts({ status: 'busy', lastActiveAt: ago(3600) }), 15, now)).toBe('away');
  });

  it('is busy when chosen, or at the chat limit', () => {
    expect(presenceState(facts({ status: 'busy' }), 15, now)).toBe('busy');
    expect(presenceState(facts({ openChats: 3, maxConcurrentChats: 3 }), 15, now)).toBe('busy');
    expect(presenceState(facts({ openChats: 4, maxConcurrentChats: 3 }), 15, now)).toBe('busy');
    expect(presenceState(facts({ openChats: 0, maxConcurrentChats: 0 }), 15, now)).toBe('busy');
    expect(presenceState(facts({ openChats: 40, maxConcurrentChats: null }), 15, now)).toBe('available');
  });

  it('counts available and busy as on duty', () => {
    expect([isOnDuty('available'), isOnDuty('busy'), isOnDuty('away'), isOnDuty('offline')]).toEqual([true, true, false, false]);
  });
});

describe('heartbeatChanges', () => {
  const orgs = [
    { id: 'a', idleMinutes: 15 },
    { id: 'b', idleMinutes: 5 },
  ];
  it('tells every organisation when the expert comes online', () => {
    expect(heartbeatChanges(undefined, orgs, now, true)).toEqual(['a', 'b']);
    expect(heartbeatChanges({ lastSeenAt: null, lastActiveAt: ago(10) }, orgs, now, false)).toEqual(['a', 'b']);
    expect(heartbeatChanges({ lastSeenAt: ago(PRESENCE_OFFLINE_SECONDS + 5), lastActiveAt: ago(100) }, orgs, now, true)).toEqual([
      'a',
      'b',
    ]);
  });
  it('tells nobody while nothing crosses a line', () => {
    expect(heartbeatChanges({ lastSeenAt: ago(25), lastActiveAt: ago(40) }, orgs, now, true)).toEqual([]);
    expect(heartbeatChanges({ lastSeenAt: ago(25), lastActiveAt: ago(60) }, orgs, now, false)).toEqual([]);
  });
  it('tells the organisations whose idle time the expert just passed, or came back within', () => {
    // last used 5 min 10 s ago, last heartbeat 25 s ago: idle in b (5 min) since this heartbeat, not in a
    expect(heartbeatChanges({ lastSeenAt: ago(25), lastActiveAt: ago(5 * 60 + 10) }, orgs, now, false)).toEqual(['b']);
    // idle 20 min, now used again: back in both
    expect(heartbeatChanges({ lastSeenAt: ago(25), lastActiveAt: ago(20 * 60) }, orgs, now, true)).toEqual(['a', 'b']);
  });
});

describe('onDutyByQueue', () => {
  it('counts the available and busy experts of each queue they serve', () => {
    const p = (state: ExpertPresence['state'], queueIds: string[]): ExpertPresence => ({
      expertId: state,
      userId: state,
      name: state,
      state,
      status: 'available',
      openChats: 0,
      maxConcurrentChats: null,
      queueIds,
    });
    const counts = onDutyByQueue([p('available', ['a', 'b']), p('busy', ['a']), p('away', ['a', 'c']), p('offline', ['c'])]);
    expect(Object.fromEntries(counts)).toEqual({ a: 2, b: 1 });
  });
});
