import { describe, expect, test } from 'vitest';
import { atLocalTime } from '@prsp/contracts';
import { countsOf, fingerprintOf, pairWithSlots, planBulk, type BulkRow, type FreeSlot } from './bookings-bulk-plan';

const NOW = atLocalTime('2026-12-01', 8, 0);
const at = (time: string, date = '2026-12-02') => {
  const [h, m] = time.split(':').map(Number);
  return atLocalTime(date, h!, m!);
};
const row = (id: string, time: string, over: Partial<BulkRow> = {}): BulkRow => ({
  id,
  version: 1,
  status: 'booked',
  type: 'oneOnOne',
  expertId: 'nurse',
  startsAt: at(time),
  endsAt: new Date(at(time).getTime() + 30 * 60_000),
  heldAt: null,
  noShowAt: null,
  heldByPatient: false,
  ...over,
});
const slot = (id: string, time: string, date?: string): FreeSlot => ({
  id,
  version: 1,
  startsAt: at(time, date),
  endsAt: new Date(at(time, date).getTime() + 30 * 60_000),
});
const move = { kind: 'move', toExpertId: 'cover', unmovable: 'leave' } as const;

describe('pairing bookings with the target expert’s open times', () => {
  test('a booking takes the open time at its own start even when an earlier booking would have taken it as nearest', () => {
    const pairs = pairWithSlots([row('a', '09:00'), row('b', '09:30')], [slot('s930', '09:30'), slot('s1000', '10:00')]);
    // 'a' has no open time at 09:00; 'b' keeps its own 09:30 and 'a' gets the nearest one left.
    expect(Object.fromEntries([...pairs].map(([k, v]) => [k, v.id]))).toEqual({ b: 's930', a: 's1000' });
  });

  test('the nearest free one the same day, the earlier of two equally near; never another day', () => {
    const pairs = pairWithSlots(
      [row('a', '10:00'), row('b', '12:00')],
      [slot('s930', '09:30'), slot('s1030', '10:30'), slot('next', '12:00', '2026-12-03')],
    );
    expect(pairs.get('a')?.id).toBe('s930');
    expect(pairs.get('b')?.id).toBe('s1030');
    expect(pairWithSlots([row('c', '12:00')], [slot('next', '12:00', '2026-12-03')]).size).toBe(0);
  });

  test('each open time is given once', () => {
    const pairs = pairWithSlots([row('a', '09:00'), row('b', '09:00')], [slot('s', '09:00')]);
    expect(pairs.size).toBe(1);
  });
});

describe('the plan of each action', () => {
  test('delete: open times only, not one a patient holds', () => {
    const items = planBulk(
      [row('o', '09:00', { status: 'open' }), row('h', '09:30', { status: 'open', heldByPatient: true }), row('b', '10:00')],
      { kind: 'deleteOpenTimes' },
      [],
      NOW,
    );
    expect(items.map((i) => [i.row.id, i.outcome, i.reason])).toEqual([
      ['o', 'delete', null],
      ['h', 'skip', 'heldByPatient'],
      ['b', 'skip', 'notOpen'],
    ]);
  });

  test('cancel: reserved and not settled; held, missed, over, open or cancelled ones are left with a reason', () => {
    const items = planBulk(
      [
        row('ok', '09:00', { status: 'selfBooked' }),
        row('held', '09:30', { heldAt: NOW }),
        row('missed', '10:00', { noShowAt: NOW }),
        row('over', '07:00', { startsAt: new Date(NOW.getTime() - 3600_000), endsAt: new Date(NOW.getTime() - 1) }),
        row('open', '11:00', { status: 'open' }),
        row('gone', '11:30', { status: 'cancelled' }),
      ],
      { kind: 'cancel', message: 'x' },
      [],
      NOW,
    );
    expect(items.map((i) => [i.row.id, i.outcome, i.reason])).toEqual([
      ['ok', 'cancel', null],
      ['held', 'skip', 'settled'],
      ['missed', 'skip', 'settled'],
      ['over', 'skip', 'settled'],
      ['open', 'skip', 'notReserved'],
      ['gone', 'skip', 'notReserved'],
    ]);
  });

  test('move: groups and what has no free time follow `unmovable`; the target’s own bookings stay', () => {
    const rows = [
      row('a', '09:00'),
      row('g', '10:00', { type: 'group-video' }),
      row('none', '15:00'),
      row('own', '16:00', { expertId: 'cover' }),
    ];
    const slots = [slot('s9', '09:00')];
    expect(planBulk(rows, move, slots, NOW).map((i) => [i.row.id, i.outcome, i.reason, i.slot?.id ?? null])).toEqual([
      ['a', 'move', null, 's9'],
      ['g', 'skip', 'group', null],
      ['none', 'skip', 'noFreeTime', null],
      ['own', 'skip', 'sameExpert', null],
    ]);
    const cancelling = planBulk(rows, { ...move, unmovable: 'cancel' }, slots, NOW);
    expect(cancelling.map((i) => i.outcome)).toEqual(['move', 'cancel', 'cancel', 'skip']);
    expect(countsOf(cancelling)).toEqual({ delete: 0, cancel: 2, move: 1, skip: 1 });
  });

  test('the fingerprint changes with a row’s version, its outcome, the open time chosen and the action', () => {
    const rows = [row('a', '09:00')];
    const base = fingerprintOf(move, planBulk(rows, move, [slot('s', '09:00')], NOW));
    expect(fingerprintOf(move, planBulk(rows, move, [slot('s', '09:00')], NOW))).toBe(base);
    expect(fingerprintOf(move, planBulk([{ ...rows[0]!, version: 2 }], move, [slot('s', '09:00')], NOW))).not.toBe(base);
    expect(fingerprintOf(move, planBulk(rows, move, [{ ...slot('s', '09:00'), version: 2 }], NOW))).not.toBe(base);
    expect(fingerprintOf(move, planBulk(rows, move, [slot('t', '09:00')], NOW))).not.toBe(base);
    expect(fingerprintOf(move, planBulk(rows, move, [], NOW))).not.toBe(base);
    const other = { ...move, message: 'x' };
    expect(fingerprintOf(other, planBulk(rows, other, [slot('s', '09:00')], NOW))).not.toBe(base);
  });
});
