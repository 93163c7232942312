import {
  BOOKING_RULES,
  endOfLocalDay,
  isLocalDate,
  localDateAt,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type AppointmentRow,
  type Timeslot,
  type TimeslotConflict,
  type TimeslotInput,
  type TimeslotPlan,
  type TimeslotPreview,
  type TimeslotsOpened,
} from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { localInstant, type BookingDeps } from './admin-bookings.service';
import { rowById, toRow } from './appointment-view';
import { isFuture } from './booking-rules';
import * as repo from './booking.repo';
import { lockExpertCalendars } from './expert-locks.repo';
import { openTimeType, planIssues, planSlots, type PlannedSlot } from './slot-generation';

const MINUTE = 60_000;
/** At most this many slots in one preview or opening: a plan of 100 experts × 92 days × short slots must be split. */
export const MAX_PLANNED_SLOTS = 20_000;

type Conflict = PlannedSlot & { reason: TimeslotConflict['reason'] };
type Planned = {
  slots: PlannedSlot[];
  conflicts: Conflict[];
  experts: Map<string, repo.ExpertRecord>;
  /** The stored type of the open times: the plan's kind, else the service's. */
  type: 'oneOnOne' | 'basic';
};
type Taken = { startsAt: Date; endsAt: Date; reason: TimeslotConflict['reason'] };

/**
 * A plan's slots that can open: in the future, not over a live appointment or a break of the expert. Those left
 * out for an overlap are the conflicts, each with what stands there, so the preview shows the admin where and why.
 */
async function plan(tx: Tx, organisationId: string, input: TimeslotPlan, now: Date): Promise<Planned> {
  throwIfFieldIssues(planIssues(input, localDateAt(now, SERVICE_TIME_ZONE), BOOKING_RULES.maxPlanDays));
  const experts = new Map((await repo.organisationExperts(tx, organisationId)).map((e) => [e.id, e]));
  throwIfFieldIssues(input.expertIds.flatMap((id, i) => (experts.has(id) ? [] : [{ field: `expertIds.${i}`, key: 'expert' }])));
  const service = await repo.findService(tx, organisationId, input.serviceId);
  if (!service) throwIfFieldIssues([{ field: 'serviceId', key: 'invalid' }]);
  const planned = planSlots(input, SERVICE_TIME_ZONE).filter((s) => isFuture(s.startsAt, now));
  if (planned.length > MAX_PLANNED_SLOTS) throwIfFieldIssues([{ field: 'to', key: 'tooLong' }]);
  const from = startOfLocalDay(input.from, SERVICE_TIME_ZONE);
  const to = endOfLocalDay(input.to, SERVICE_TIME_ZONE);
  const byExpert = new Map<string, Taken[]>();
  const add = (expertId: string | null, t: Taken) => expertId && byExpert.set(expertId, [...(byExpert.get(expertId) ?? []), t]);
  for (const a of await repo.liveBetween(tx, input.expertIds, from, to))
    add(a.expertId, { ...a, reason: a.status === 'open' ? 'open' : 'reserved' });
  for (const b of await repo.breaksOf(tx, input.expertIds, from, to)) add(b.expertId, { ...b, reason: 'break' });
  const slots: PlannedSlot[] = [];
  const conflicts: Conflict[] = [];
  for (const s of planned) {
    const there = (byExpert.get(s.expertId) ?? []).find((t) => t.startsAt < s.endsAt && s.startsAt < t.endsAt);
    if (there) conflicts.push({ ...s, reason: there.reason });
    else slots.push(s);
  }
  return { slots, conflicts, experts, type: openTimeType(input.kind, service!.openTimeKind) };
}

/** Spec §4: generated timeslots are shown first and open only when confirmed. */
export async function previewTimeslots(
  deps: BookingDeps,
  actor: AdminActor,
  input: TimeslotPlan,
  now = new Date(),
): Promise<TimeslotPreview> {
  const { slots, conflicts, experts, type } = await plan(deps.db, organisationOf(actor), input, now);
  const shown = (s: PlannedSlot): Timeslot => ({
    id: null,
    expertId: s.expertId,
    expertName: repo.expertDisplayName(experts.get(s.expertId)!),
    startTime: s.startsAt.getTime(),
    endTime: s.endsAt.getTime(),
    video: type === 'basic',
  });
  return {
    slots: slots.map(shown),
    conflicts: conflicts.length,
    conflictingSlots: conflicts.map((c) => ({ ...shown(c), reason: c.reason })),
  };
}

/**
 * Opens the plan's slots in one transaction. The experts' calendars are locked against breaks being added meanwhile;
 * an appointment made meanwhile is left alone by the no-overlap constraint (the slot over it is skipped).
 */
export async function openTimeslots(deps: BookingDeps, actor: AdminActor, input: TimeslotPlan, now = new Date()): Promise<TimeslotsOpened> {
  const organisationId = organisationOf(actor);
  return deps.db.transaction(async (tx) => {
    await lockExpertCalendars(tx, input.expertIds);
    const { slots, conflicts, experts, type } = await plan(tx, organisationId, input, now);
    const created = await repo.insertOpenSlots(
      tx,
      slots.map((s) => {
        const e = experts.get(s.expertId)!;
        return {
          organisationId,
          expertId: e.id,
          serviceId: input.serviceId,
          name: repo.expertDisplayName(e),
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          type,
          status: 'open' as const,
          queueId: e.chatQueueId,
        };
      }),
    );
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.staff.userId,
      action: 'timeslots.open',
      objectType: 'organisation',
      objectId: organisationId,
      ip: actor.ip,
      details: { created, from: input.from, to: input.to, experts: input.expertIds.length, type },
    });
    return { created, skipped: conflicts.length + (slots.length - created) };
  });
}

/** The open, unheld, future timeslots of one day (for booking one from the appointment modal). */
export async function listOpenTimeslots(
  deps: BookingDeps,
  actor: AdminActor,
  q: { date: string; expertId?: string },
  now = new Date(),
): Promise<Timeslot[]> {
  if (!isLocalDate(q.date)) throwIfFieldIssues([{ field: 'date', key: 'date' }]);
  const rows = await repo.listRows(
    deps.db,
    {
      organisationId: organisationOf(actor),
      status: 'open',
      expertId: q.expertId,
      from: startOfLocalDay(q.date, SERVICE_TIME_ZONE),
      to: endOfLocalDay(q.date, SERVICE_TIME_ZONE),
      endsAfter: now,
    },
    { now, limit: 2000, offset: 0 },
  );
  return rows
    .map(toRow)
    .filter((r) => r.heldUntil === null && r.startTime > now.getTime())
    .map((r) => ({
      id: r.id,
      expertId: r.expert.id,
      expertName: r.expert.name,
      startTime: r.startTime,
      endTime: r.endTime,
      video: r.video,
    }));
}

async function openSlotOf(tx: Tx, organisationId: string, id: string): Promise<repo.AppointmentRecord> {
  const slot = await repo.lockAppointment(tx, organisationId, id);
  if (!slot || slot.status !== 'open') throw new AppError(404);
  return slot;
}

/** Moves or resizes an open timeslot, or gives it to another expert (toast 'open timeslot edited'). */
export async function updateTimeslot(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  input: TimeslotInput,
  now = new Date(),
): Promise<AppointmentRow> {
  const organisationId = organisationOf(actor);
  try {
    await deps.db.transaction(async (tx) => {
      await openSlotOf(tx, organisationId, id);
      const hold = await repo.findHold(tx, id);
      if (hold && hold.expiresAt > now) throw new AppError(422, { detail: 'a patient holds this timeslot' });
      const expert = (await repo.organisationExperts(tx, organisationId)).find((e) => e.id === input.expertId);
      if (!expert) throwIfFieldIssues([{ field: 'expertId', key: 'expert' }]);
      const startsAt = localInstant(input.date, input.startTime);
      if (!isFuture(startsAt, now)) throw new AppError(423, { fields: [{ field: 'startTime', key: 'pastDate' }] });
      const endsAt = new Date(startsAt.getTime() + input.durationMinutes * MINUTE);
      await lockExpertCalendars(tx, [expert!.id]);
      if (await repo.breakOverlaps(tx, expert!.id, startsAt, endsAt)) throw new AppError(422, { detail: 'the expert has a break then' });
      await repo.updateAppointment(tx, id, {
        expertId: expert!.id,
        name: repo.expertDisplayName(expert!),
        startsAt,
        endsAt,
        queueId: expert!.chatQueueId,
      });
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.staff.userId,
        action: 'timeslot.update',
        objectType: 'appointment',
        objectId: id,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422);
    throw err;
  }
  return toRow((await rowById(deps.db, id, now, organisationId))!);
}

/** Deletes an open timeslot; a patient holding it finds it gone at confirmation (the failed step offers a new search). */
export async function deleteTimeslot(deps: BookingDeps, actor: AdminActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await openSlotOf(tx, organisationOf(actor), id);
    await repo.deleteAppointment(tx, id);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.staff.userId,
      action: 'timeslot.delete',
      objectType: 'appointment',
      objectId: id,
      ip: actor.ip,
    });
  });
}
