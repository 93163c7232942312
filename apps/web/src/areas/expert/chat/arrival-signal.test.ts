import { describe, expect, it } from 'vitest';
import type { ExpertQueue, WaitingItem } from '@prsp/contracts';
import { chimeDue, chimeFor, CHIME_REPEAT_MS, CHIMES, newArrivals, waitingIds } from './arrival-signal';

const waiting = (channelId: string, name = channelId, urgency: WaitingItem['urgency'] = null): WaitingItem => ({
  channelId,
  name,
  kind: 'queue',
  serviceName: null,
  waitingSince: 0,
  appointmentStartsAt: null,
  patient: null,
  urgency,
});
const queue = (id: string, items: WaitingItem[]): ExpertQueue => ({
  id,
  name: `Queue ${id}`,
  closed: false,
  open: true,
  waiting: items,
  longestWaitSeconds: 0,
});

describe('newArrivals', () => {
  it('says nothing on the first look, only learns who waits', () => {
    expect(newArrivals(null, [queue('a', [waiting('c1')])])).toEqual([]);
  });

  it('names those who came since the last look, with their queue', () => {
    const before = waitingIds([queue('a', [waiting('c1')])]);
    const now = [queue('a', [waiting('c1'), waiting('c2', 'Anna')]), queue('b', [waiting('c3', 'Bertil', 'emergency')])];
    expect(newArrivals(before, now)).toEqual([
      { channelId: 'c2', name: 'Anna', queueName: 'Queue a', urgency: null },
      { channelId: 'c3', name: 'Bertil', queueName: 'Queue b', urgency: 'emergency' },
    ]);
  });

  it('does not count those who left or were taken', () => {
    const before = waitingIds([queue('a', [waiting('c1'), waiting('c2')])]);
    expect(newArrivals(before, [queue('a', [waiting('c2')])])).toEqual([]);
  });
});

describe('chimeDue', () => {
  it('chimes once for an arrival told twice (queue change and video knock), and again later', () => {
    const recent = new Map<string, number>();
    expect(chimeDue(recent, 'c1', 1_000)).toBe(true);
    expect(chimeDue(recent, 'c1', 2_000)).toBe(false);
    expect(chimeDue(recent, 'c2', 2_000)).toBe(true);
    expect(chimeDue(recent, 'c1', 1_000 + CHIME_REPEAT_MS)).toBe(true);
  });
});

describe('chimeFor', () => {
  it('sounds the emergency alarm when any arrival is an emergency, else the ordinary chime', () => {
    expect(chimeFor([{ urgency: null }, { urgency: 'emergency' }])).toBe('emergency');
    expect(chimeFor([{ urgency: 'urgent' }, { urgency: 'selfCare' }, { urgency: null }])).toBe('arrival');
  });

  it('makes the emergency alarm a sound of its own: more notes, longer and louder than the arrival chime', () => {
    const end = (kind: keyof typeof CHIMES) => Math.max(...CHIMES[kind].notes.map((n) => n.at + n.length));
    expect(CHIMES.emergency.notes.length).toBeGreaterThan(CHIMES.arrival.notes.length);
    expect(end('emergency')).toBeGreaterThan(end('arrival') * 3);
    expect(CHIMES.emergency.volume).toBeGreaterThan(CHIMES.arrival.volume);
    expect(CHIMES.emergency.wave).not.toBe(CHIMES.arrival.wave);
  });
});
