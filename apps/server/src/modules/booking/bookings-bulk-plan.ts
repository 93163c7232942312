import { createHash } from 'node:crypto';
import { localDateAt, SERVICE_TIME_ZONE, type BulkAction, type BulkOutcome, type BulkSkipReason } from '@prsp/contracts';

/**
 * The rules of a bulk action (issue 33 point 2), pure: what happens to each selected row and, for a move, which of
 * the target expert's open times each booking goes to. The service reads the rows and the open times and carries out
 * what this decides; the preview shows it, and its fingerprint ties the apply to exactly this plan.
 */

/** A selected row as the plan needs it. */
export type BulkRow = {
  id: string;
  version: number;
  status: 'open' | 'booked' | 'selfBooked' | 'cancelled';
  type: 'oneOnOne' | 'group' | 'basic' | 'group-video';
  expertId: string | null;
  startsAt: Date;
  endsAt: Date;
  heldAt: Date | null;
  noShowAt: Date | null;
  /** An open time a patient holds right now (is booking). */
  heldByPatient: boolean;
};

/** One of the target expert's free open times (future, unheld, not over a break). */
export type FreeSlot = { id: string; version: number; startsAt: Date; endsAt: Date };

export type PlannedItem = { row: BulkRow; outcome: BulkOutcome; reason: BulkSkipReason | null; slot: FreeSlot | null };

const reserved = (r: BulkRow) => r.status === 'booked' || r.status === 'selfBooked';
/** Held, missed or over: never cancelled or moved (the same rule as one booking's cancel and edit). */
export const settled = (r: BulkRow, now: Date) => r.heldAt !== null || r.noShowAt !== null || r.endsAt.getTime() <= now.getTime();
const isGroup = (r: BulkRow) => r.type === 'group' || r.type === 'group-video';
const dayOf = (d: Date) => localDateAt(d, SERVICE_TIME_ZONE);

function skip(row: BulkRow, reason: BulkSkipReason): PlannedItem {
  return { row, outcome: 'skip', reason, slot: null };
}

/** Why a reserved booking cannot be cancelled or moved at all, or null. */
function refusal(row: BulkRow, now: Date): BulkSkipReason | null {
  if (!reserved(row)) return 'notReserved';
  if (settled(row, now)) return 'settled';
  return null;
}

/**
 * Pairs bookings with free open times of the same Helsinki day: first every booking with an open time at its very
 * start, then the rest in time order each with the nearest unused one (the earlier of two equally near).
 */
export function pairWithSlots(bookings: readonly BulkRow[], slots: readonly FreeSlot[]): Map<string, FreeSlot> {
  const pairs = new Map<string, FreeSlot>();
  const used = new Set<string>();
  const byStart = [...bookings].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  const free = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  for (const b of byStart) {
    const same = free.find((s) => !used.has(s.id) && s.startsAt.getTime() === b.startsAt.getTime());
    if (same) {
      pairs.set(b.id, same);
      used.add(same.id);
    }
  }
  for (const b of byStart) {
    if (pairs.has(b.id)) continue;
    const day = dayOf(b.startsAt);
    let best: FreeSlot | undefined;
    for (const s of free) {
      if (used.has(s.id) || dayOf(s.startsAt) !== day) continue;
      const distance = Math.abs(s.startsAt.getTime() - b.startsAt.getTime());
      if (!best || distance < Math.abs(best.startsAt.getTime() - b.startsAt.getTime())) best = s;
    }
    if (best) {
      pairs.set(b.id, best);
      used.add(best.id);
    }
  }
  return pairs;
}

/** What the action does to each row, in the rows' order. `slots`: the move's target expert's free open times. */
export function planBulk(rows: readonly BulkRow[], action: BulkAction, slots: readonly FreeSlot[], now: Date): PlannedItem[] {
  if (action.kind === 'deleteOpenTimes') {
    return rows.map((row) => {
      if (row.status !== 'open') return skip(row, 'notOpen');
      if (row.heldByPatient) return skip(row, 'heldByPatient');
      return { row, outcome: 'delete', reason: null, slot: null };
    });
  }
  if (action.kind === 'cancel') {
    return rows.map((row) => {
      const why = refusal(row, now);
      return why ? skip(row, why) : { row, outcome: 'cancel', reason: null, slot: null };
    });
  }
  const unmovable = (row: BulkRow, reason: BulkSkipReason): PlannedItem =>
    action.unmovable === 'cancel' ? { row, outcome: 'cancel', reason, slot: null } : skip(row, reason);
  const movable = rows.filter((r) => refusal(r, now) === null && !isGroup(r) && r.expertId !== action.toExpertId);
  const pairs = pairWithSlots(movable, slots);
  return rows.map((row) => {
    const why = refusal(row, now);
    if (why) return skip(row, why);
    if (row.expertId === action.toExpertId) return skip(row, 'sameExpert');
    if (isGroup(row)) return unmovable(row, 'group');
    const slot = pairs.get(row.id);
    return slot ? { row, outcome: 'move', reason: null, slot } : unmovable(row, 'noFreeTime');
  });
}

/**
 * Names the plan: the action, every row with its version (raised by any change of the row) and what happens to it,
 * and each move's open time with its version. The apply recomputes the plan and refuses when this differs.
 */
export function fingerprintOf(action: BulkAction, items: readonly PlannedItem[]): string {
  const shape = items.map((i) => [i.row.id, i.row.version, i.outcome, i.reason, i.slot?.id ?? null, i.slot?.version ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([action, shape]))
    .digest('base64url');
}

export function countsOf(items: readonly PlannedItem[]): Record<BulkOutcome, number> {
  const counts: Record<BulkOutcome, number> = { delete: 0, cancel: 0, move: 0, skip: 0 };
  for (const i of items) counts[i.outcome] += 1;
  return counts;
}
