import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { isFuture } from './booking-rules';
import * as repo from './booking.repo';

/**
 * What an admin booking does with the open timeslots where it goes (issue 28): booking or moving into one takes
 * it; booking at a free time over some asks first (422 naming them) and, once confirmed, removes them. A time a
 * patient holds or a reserved appointment is never replaced.
 */

const heldNow = async (tx: Tx, slotId: string, now: Date) => {
  const hold = await repo.findHold(tx, slotId);
  return hold !== undefined && hold.expiresAt > now;
};

/** The open timeslot an admin books or moves a booking into, locked: a field error if there is none, 422 if taken or held. */
export async function takeOpenSlot(tx: Tx, organisationId: string, id: string, now: Date): Promise<repo.AppointmentRecord> {
  const slot = await repo.lockAppointment(tx, organisationId, id);
  if (!slot) throwIfFieldIssues([{ field: 'timeslotId', key: 'timeslot' }]);
  if (slot!.status !== 'open') throw new AppError(422);
  if (await heldNow(tx, slot!.id, now)) throw new AppError(422, { detail: 'a patient holds this timeslot' });
  return slot!;
}

/**
 * Clears the way for an appointment of `expertId` at `[startsAt, endsAt)` (the expert's calendar locked): open
 * timeslots there are removed when `replace` is set, else named in a 422 for the admin to confirm. Anything else
 * there (a reserved appointment, a held slot) is a plain 422. `except`: the appointment being moved itself.
 */
export async function clearOpenTimes(
  tx: Tx,
  at: { expertId: string; startsAt: Date; endsAt: Date; except?: string },
  replace: boolean,
  now: Date,
): Promise<void> {
  const inTheWay = (await repo.overlapping(tx, at.expertId, at.startsAt, at.endsAt)).filter((a) => a.id !== at.except);
  if (inTheWay.length === 0) return;
  if (inTheWay.some((a) => a.status !== 'open')) throw new AppError(422);
  for (const slot of inTheWay) if (await heldNow(tx, slot.id, now)) throw new AppError(422, { detail: 'a patient holds a timeslot there' });
  if (!replace) {
    throw new AppError(422, {
      detail: 'open timeslots are in the way',
      openTimes: inTheWay.map((s) => ({ id: s.id, startTime: s.startsAt.getTime(), endTime: s.endsAt.getTime() })),
    });
  }
  for (const slot of inTheWay) await repo.deleteAppointment(tx, slot.id);
}

/**
 * A booking moved into an open timeslot leaves its old time open in its place (if still ahead), as a cancelled
 * patient's time reopens: the two swap. Skipped, not refused, if something took the old time meanwhile.
 */
/** The open time an appointment's slot becomes again: a video time stays a video time, anything else opens as chat. */
export const reopenedType = (type: repo.AppointmentRecord['type']): 'basic' | 'oneOnOne' => (type === 'basic' ? 'basic' : 'oneOnOne');

export async function reopenOldTime(tx: Tx, old: repo.AppointmentRecord, now: Date): Promise<void> {
  if (!old.expertId || !isFuture(old.startsAt, now)) return;
  const expert = (await repo.organisationExperts(tx, old.organisationId)).find((e) => e.id === old.expertId);
  if (!expert || (await repo.breakOverlaps(tx, expert.id, old.startsAt, old.endsAt))) return;
  await repo.insertOpenSlots(tx, [
    {
      organisationId: old.organisationId,
      expertId: expert.id,
      serviceId: old.serviceId,
      name: repo.expertDisplayName(expert),
      startsAt: old.startsAt,
      endsAt: old.endsAt,
      type: reopenedType(old.type),
      status: 'open',
      queueId: expert.chatQueueId,
    },
  ]);
}
