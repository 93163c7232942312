import { localDateTimeAt, type MoveInput } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { isFuture } from './booking-rules';
import * as visits from './booking-visits.service';
import * as repo from './booking.repo';
import { lockExpertCalendars } from './expert-locks.repo';
import { localInstant } from './local-instant';
import { clearOpenTimes, reopenOldTime, takeOpenSlot } from './open-times-in-the-way';

/**
 * The rules every change of a reserved appointment's time or expert follows, whoever asks: the admin's edit form
 * (admin-bookings.service.ts updateBooking), the calendar's drag and Move dialog (admin-calendar.service.ts) and the
 * bulk move. One place, so a drag cannot do what the form refuses.
 */

/** Where an appointment goes: its expert and time. */
export type Placement = { expertId: string; startsAt: Date; endsAt: Date };

/** Only a reserved appointment moves (an open time moves by the timeslot route: 403), and not once settled (423). */
export function refuseUnmovable(current: repo.AppointmentRecord, now: Date): void {
  if (current.status !== 'booked' && current.status !== 'selfBooked')
    throw new AppError(403, { detail: 'only a reserved appointment is edited here' });
  // A visit that took place, was missed or is over is not moved (spec 423: the time must be in the future).
  if (visits.isSettled(current, now)) throw new AppError(423, { detail: 'the visit is settled' });
}

/** The expert's breaks are never booked over: 422. */
export async function refuseBreaks(tx: Tx, expertId: string, startsAt: Date, endsAt: Date): Promise<void> {
  if (await repo.breakOverlaps(tx, expertId, startsAt, endsAt)) throw new AppError(422, { detail: 'the expert has a break then' });
}

/**
 * Makes room for `current` at `to`, with the old and the new expert's calendars locked: no break there (422); the
 * open slot it moves into goes, or at a free time the open times in the way are named in a 422 until `replace`
 * confirms removing them (open-times-in-the-way.ts). The caller then writes the new placement; the constraint
 * refuses an overlap left (422).
 */
export async function clearTheWay(
  tx: Tx,
  current: repo.AppointmentRecord,
  to: Placement,
  slot: repo.AppointmentRecord | null,
  replace: boolean,
  now: Date,
): Promise<void> {
  await lockExpertCalendars(tx, [to.expertId, ...(current.expertId ? [current.expertId] : [])]);
  await refuseBreaks(tx, to.expertId, to.startsAt, to.endsAt);
  if (slot) await repo.deleteAppointment(tx, slot.id);
  else await clearOpenTimes(tx, { ...to, except: current.id }, replace, now);
}

/** After a move into an open slot: the old time opens in its place (reopenOldTime), answered by id when it did. */
export async function reopenAfterSwap(tx: Tx, old: repo.AppointmentRecord, now: Date): Promise<string | undefined> {
  await reopenOldTime(tx, old, now);
  if (!old.expertId) return undefined;
  const there = await repo.overlapping(tx, old.expertId, old.startsAt, old.endsAt);
  return there.find(
    (a) => a.status === 'open' && a.startsAt.getTime() === old.startsAt.getTime() && a.endsAt.getTime() === old.endsAt.getTime(),
  )?.id;
}

/** The move that puts an appointment back where it was: into its reopened old slot, else to its old expert and time. */
export function undoOf(old: repo.AppointmentRecord, reopenedSlotId: string | undefined): MoveInput {
  if (reopenedSlotId) return { timeslotId: reopenedSlotId };
  const at = localDateTimeAt(old.startsAt);
  return { expertId: old.expertId!, date: at.date, startTime: at.time };
}

/**
 * The name of a booking moved from one expert to another: an untitled booking is named after its expert when it is
 * made, so it takes the new expert's name (else the e-mails would show the old expert's name as its service); a
 * booking with a title of its own keeps it.
 */
function nameAfterMove(name: string, from: repo.ExpertRecord | undefined, to: repo.ExpertRecord): string {
  return from && name === repo.expertDisplayName(from) ? repo.expertDisplayName(to) : name;
}

/**
 * The host of an appointment moved to `toExpertId`: a host who was its old expert leaves with that expert (null: the
 * appointment's expert hosts), else a group dragged to another expert would still be run by the one who left it.
 * A host of its own stays.
 */
function hostAfterMove(current: repo.AppointmentRecord, toExpertId: string): string | null {
  return toExpertId !== current.expertId && current.hostExpertId === current.expertId ? null : current.hostExpertId;
}

/**
 * Moves a reserved appointment (locked by the caller) into an open slot of any expert of the organisation or to a
 * free time of one (the length stays), by the edit form's rules. Only the time, the expert, its host, the name and
 * the queue change: the participants' rows stay, so guests keep their sign-ins. The caller audits and notifies.
 * Moved into an open slot, its old time opens in its place unless `reopenOld` is false (the bulk move: the expert
 * it leaves is away). Answers the undo and where it went.
 */
export async function moveAppointment(
  tx: Tx,
  organisationId: string,
  current: repo.AppointmentRecord,
  input: MoveInput,
  now: Date,
  { reopenOld = true, experts: known }: { reopenOld?: boolean; experts?: readonly repo.ExpertRecord[] } = {},
): Promise<{ undo: MoveInput; to: Placement }> {
  refuseUnmovable(current, now);
  const slot = 'timeslotId' in input ? await takeOpenSlot(tx, organisationId, input.timeslotId, now) : null;
  const experts = known ?? (await repo.organisationExperts(tx, organisationId));
  const expertId = slot ? slot.expertId : 'expertId' in input ? input.expertId : null;
  const expert = experts.find((e) => e.id === expertId);
  if (!expert) throwIfFieldIssues([{ field: slot ? 'timeslotId' : 'expertId', key: slot ? 'timeslot' : 'expert' }]);
  let to: Placement;
  if (slot) to = { expertId: expert!.id, startsAt: slot.startsAt, endsAt: slot.endsAt };
  else {
    const { date, startTime } = input as Extract<MoveInput, { date: string }>;
    const startsAt = localInstant(date, startTime);
    to = { expertId: expert!.id, startsAt, endsAt: new Date(startsAt.getTime() + current.endsAt.getTime() - current.startsAt.getTime()) };
  }
  if (!isFuture(to.startsAt, now)) throw new AppError(423, { fields: [{ field: 'startTime', key: 'pastDate' }] });
  // A group's other experts take part beside its expert: one of them cannot become its expert too (the form's rule).
  if (to.expertId !== current.expertId && (await repo.participantsOf(tx, current.id)).some((p) => p.participant.expertId === to.expertId))
    throwIfFieldIssues([{ field: 'expertId', key: 'duplicate' }]);
  const replace = 'replaceOpenTimes' in input ? (input.replaceOpenTimes ?? false) : false;
  await clearTheWay(tx, current, to, slot, replace, now);
  const service = current.serviceId ? await repo.findService(tx, organisationId, current.serviceId) : undefined;
  await repo.updateAppointment(tx, current.id, {
    expertId: to.expertId,
    hostExpertId: hostAfterMove(current, to.expertId),
    name: nameAfterMove(
      current.name,
      experts.find((e) => e.id === current.expertId),
      expert!,
    ),
    startsAt: to.startsAt,
    endsAt: to.endsAt,
    queueId: service?.chatQueueId ?? expert!.chatQueueId,
  });
  const reopened = slot && reopenOld ? await reopenAfterSwap(tx, current, now) : undefined;
  return { undo: undoOf(current, reopened), to };
}
