import {
  addDays,
  endOfLocalDay,
  isLocalDate,
  isValidSsn,
  localDateAt,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type AppointmentDetail,
  type AppointmentRow,
  type Break,
  type BreakInput,
  type ExpertBookingQuery,
  type ExpertSchedule,
  type Page,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { localInstant, showsOpenTimes } from './admin-bookings.service';
import { rowReads, toDetail, toRow } from './appointment-view';
import type { PatientReads } from '../../platform/audit/patient-reads';
import * as repo from './booking.repo';
import { patientIdByIdentityCode } from '../patients/patients.service';
import { lockExpertCalendars } from './expert-locks.repo';
import type { RemovedOpenTime } from './booking.tables';
import { isFuture } from './booking-rules';
import * as visits from './booking-visits.service';
import type { Emit } from '../../platform/events/event-hub';
import type { Sender } from '../../platform/mail/sender';
import { reissueGuestPin } from './guest-pin-reissue.service';
import { redFlaggedAppointments } from '../surveys/survey-red-flags.service';

export type ExpertActor = { userId: string; organisationId: string | null; ip: string };
type Deps = { db: Db; cipher: FieldCipher };

/** The expert rows of the signed-in expert: the session's organisation's, else all of theirs. */
async function expertIds(db: Db, actor: ExpertActor): Promise<string[]> {
  const rows = await repo.expertRowsOfUser(db, actor.userId);
  const here = rows.filter((r) => r.organisationId === actor.organisationId);
  return (here.length > 0 ? here : rows).map((r) => r.id);
}

/**
 * The rows as the expert's lists show them, each with its urgency: an emergency when a survey of the appointment
 * picked a red-flag answer (issue 29), so the expert sees it before the visit, not only when the chat opens.
 */
async function withUrgency(db: Db, rows: readonly repo.ListedRow[]): Promise<AppointmentRow[]> {
  const flagged = await redFlaggedAppointments(
    db,
    rows.map((r) => r.appointment.id),
  );
  return rows.map((r) => ({ ...toRow(r), urgency: flagged.has(r.appointment.id) ? 'emergency' : null }));
}

const toBreak = (b: repo.BreakRecord): Break => ({ id: b.id, startTime: b.startsAt.getTime(), endTime: b.endsAt.getTime() });

function dayOf(date: string | undefined, now: Date): string {
  if (date === undefined) return localDateAt(now, SERVICE_TIME_ZONE);
  if (!isLocalDate(date)) throwIfFieldIssues([{ field: 'date', key: 'date' }]);
  return date;
}

/**
 * `/expert/schedule`: the expert's appointments (reserved, open and cancelled) and breaks that run in the Helsinki
 * days from `date` (today by default) for `days` days: 1 for the day view, 7 for the week view, by start. The range
 * runs from the first day's local midnight to the local midnight after the last, so a week over a daylight-saving
 * change is still seven whole local days (167 or 169 hours), never an hour short or over; an appointment that starts
 * the evening before and runs past midnight is in it too (the grid clips it to the day).
 */
export async function schedule(
  deps: Deps,
  actor: ExpertActor,
  query: { date?: string; days?: number },
  reads: PatientReads,
  now = new Date(),
): Promise<ExpertSchedule> {
  const day = dayOf(query.date, now);
  const days = query.days ?? 1;
  const ids = await expertIds(deps.db, actor);
  const from = startOfLocalDay(day, SERVICE_TIME_ZONE);
  const to = endOfLocalDay(addDays(day, days - 1), SERVICE_TIME_ZONE);
  const [rows, breaks] = await Promise.all([
    repo.listRows(deps.db, { expertIds: ids, endsAfter: from, to }, { now, limit: 500 * days, offset: 0 }),
    repo.breaksOf(deps.db, ids, from, to),
  ]);
  reads.show(rowReads(rows));
  return { date: day, days, appointments: await withUrgency(deps.db, rows), breaks: breaks.map(toBreak) };
}

/** `/expert/allBookings`: the expert's appointments in a date range (from today on by default), by start; open timeslots when asked. */
export async function bookings(
  deps: Deps,
  actor: ExpertActor,
  q: ExpertBookingQuery,
  reads: PatientReads,
  now = new Date(),
): Promise<Page<AppointmentRow>> {
  const ids = await expertIds(deps.db, actor);
  const fromDay = q.from ?? localDateAt(now, SERVICE_TIME_ZONE);
  if (!isLocalDate(fromDay)) throwIfFieldIssues([{ field: 'from', key: 'date' }]);
  if (q.to !== undefined && !isLocalDate(q.to)) throwIfFieldIssues([{ field: 'to', key: 'date' }]);
  const filter: repo.RowFilter = {
    expertIds: ids,
    status: q.status,
    withoutOpen: !showsOpenTimes(q),
    from: startOfLocalDay(fromDay, SERVICE_TIME_ZONE),
    to: q.to ? endOfLocalDay(q.to, SERVICE_TIME_ZONE) : undefined,
  };
  const [rows, total] = await Promise.all([
    repo.listRows(deps.db, filter, { now, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    repo.countRows(deps.db, filter),
  ]);
  reads.show(rowReads(rows));
  return { items: await withUrgency(deps.db, rows), total, page: q.page, pageSize: q.pageSize };
}

/** `/expert/appointmentHistory`: the expert's reserved appointments that have ended, newest first. */
export async function history(
  deps: Deps,
  actor: ExpertActor,
  q: { patient?: string; page: number; pageSize: number },
  reads: PatientReads,
  now = new Date(),
): Promise<Page<AppointmentRow>> {
  const ids = await expertIds(deps.db, actor);
  // A patient searched for: an identity code by its keyed hash (never as text), anything else as a name fragment.
  const patient = q.patient?.trim();
  const byPatient: Pick<repo.RowFilter, 'patientIds' | 'patientName'> =
    patient && isValidSsn(patient)
      ? { patientIds: [await patientIdByIdentityCode(deps.db, deps.cipher, patient)].filter((id): id is string => id !== undefined) }
      : patient
        ? { patientName: patient }
        : {};
  const filter: repo.RowFilter = { expertIds: ids, endedBefore: now, statuses: ['booked', 'selfBooked'], ...byPatient };
  const [rows, total] = await Promise.all([
    repo.listRows(deps.db, filter, { now, newestFirst: true, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    repo.countRows(deps.db, filter),
  ]);
  reads.show(rowReads(rows));
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

/** `/expert/appointment`: one of the expert's own appointments with its people and answers; any other is 404. */
export async function appointment(
  deps: Deps,
  actor: ExpertActor,
  id: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const ids = await expertIds(deps.db, actor);
  const [row] = await repo.listRows(deps.db, { id, expertIds: ids }, { now, limit: 1, offset: 0 });
  if (!row) throw new AppError(404);
  const [urgent] = await withUrgency(deps.db, [row]);
  return { ...(await toDetail(deps.db, deps.cipher, row, reads, now)), urgency: urgent!.urgency };
}

/** One of the expert's own appointments (theirs to run, organise or take part in), locked; any other is 404. */
async function lockOwnAppointment(tx: Tx, expertIds: string[], id: string, now: Date): Promise<repo.AppointmentRecord> {
  const [row] = await repo.listRows(tx, { id, expertIds }, { now, limit: 1, offset: 0 });
  const a = row ? await repo.lockAppointment(tx, row.appointment.organisationId, id) : undefined;
  if (!a) throw new AppError(404);
  return a;
}

/**
 * `POST /api/expert/appointments/{id}/no-show`: the expert says the patient of their own appointment (theirs to run,
 * organise or take part in; any other is 404) did not come, once its start has passed (booking-visits.service.ts).
 */
export async function markNoShow(
  deps: Deps & { emit: Emit },
  actor: ExpertActor,
  id: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const ids = await expertIds(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const a = await lockOwnAppointment(tx, ids, id, now);
    if (await visits.markNoShow(tx, deps.emit, a, 'expert', now))
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.userId,
        action: 'appointment.noShow',
        objectType: 'appointment',
        objectId: id,
        ip: actor.ip,
      });
  });
  return appointment(deps, actor, id, reads, now);
}

/**
 * `POST /api/expert/appointments/{id}/guests/{participantId}/new-pin`: the expert sends a guest of their own
 * appointment (any other is 404) a new PIN, which clears the guest's lockout (guest-pin-reissue.service.ts).
 */
export async function newGuestPin(
  deps: Deps & { publicUrl: string; sender: Sender },
  actor: ExpertActor,
  id: string,
  participantId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const ids = await expertIds(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const a = await lockOwnAppointment(tx, ids, id, now);
    await reissueGuestPin(tx, a, participantId, { publicUrl: deps.publicUrl, sender: deps.sender, now, actor });
  });
  return appointment(deps, actor, id, reads, now);
}

/**
 * Adds a break to the expert's calendar. Open timeslots under it that no patient holds are removed (and kept with the
 * break, to give back when it is deleted); a reserved appointment or a held slot under it answers 422, and so does
 * another break.
 */
export async function addBreak(deps: Deps, actor: ExpertActor, input: BreakInput, now = new Date()): Promise<Break> {
  const [expertId] = await expertIds(deps.db, actor);
  if (!expertId) throw new AppError(403, { detail: 'not an expert in any organisation' });
  const startsAt = localInstant(input.date, input.startTime);
  const endsAt = localInstant(input.date, input.endTime, 'date');
  if (endsAt <= startsAt) throwIfFieldIssues([{ field: 'endTime', key: 'beforeStart' }]);
  if (endsAt <= now) throw new AppError(423, { fields: [{ field: 'endTime', key: 'pastDate' }] });
  try {
    return await deps.db.transaction(async (tx) => {
      await lockExpertCalendars(tx, [expertId]);
      const removedOpenTimes: RemovedOpenTime[] = [];
      for (const a of await repo.overlapping(tx, expertId, startsAt, endsAt)) {
        const hold = a.status === 'open' ? await repo.findHold(tx, a.id) : undefined;
        if (a.status !== 'open' || (hold && hold.expiresAt > now))
          throw new AppError(422, { detail: 'a reserved or held appointment is at that time' });
        await repo.deleteAppointment(tx, a.id);
        removedOpenTimes.push({ startsAt: a.startsAt.toISOString(), endsAt: a.endsAt.toISOString(), serviceId: a.serviceId });
      }
      const expert = (await repo.expertRowsOfUser(tx, actor.userId)).find((e) => e.id === expertId)!;
      const row = await repo.insertBreak(tx, { organisationId: expert.organisationId, expertId, startsAt, endsAt, removedOpenTimes });
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.userId,
        action: 'break.create',
        objectType: 'break',
        objectId: row.id,
        ip: actor.ip,
      });
      return toBreak(row);
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422, { detail: 'another break is at that time' });
    throw err;
  }
}

/**
 * Deletes a break and gives back the open timeslots it removed: those still ahead whose time nothing else has taken
 * meanwhile (a reserved appointment, another break).
 */
export async function deleteBreak(deps: Deps, actor: ExpertActor, id: string, now = new Date()): Promise<void> {
  const ids = await expertIds(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    await lockExpertCalendars(tx, ids);
    const removed = await repo.deleteBreak(tx, ids, id);
    if (!removed) throw new AppError(404);
    await restoreOpenTimes(tx, actor, removed, now);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.userId,
      action: 'break.delete',
      objectType: 'break',
      objectId: id,
      ip: actor.ip,
    });
  });
}

async function restoreOpenTimes(tx: Tx, actor: ExpertActor, removed: repo.BreakRecord, now: Date): Promise<void> {
  const expert = (await repo.expertRowsOfUser(tx, actor.userId)).find((e) => e.id === removed.expertId);
  if (!expert) return;
  const slots: repo.AppointmentValues[] = [];
  for (const o of removed.removedOpenTimes) {
    const startsAt = new Date(o.startsAt);
    const endsAt = new Date(o.endsAt);
    if (!isFuture(startsAt, now) || (await repo.breakOverlaps(tx, expert.id, startsAt, endsAt))) continue;
    slots.push({
      organisationId: expert.organisationId,
      expertId: expert.id,
      serviceId: o.serviceId,
      name: repo.expertDisplayName(expert),
      startsAt,
      endsAt,
      type: 'oneOnOne',
      status: 'open',
      queueId: expert.chatQueueId,
    });
  }
  // A live appointment over one of them now: the no-overlap constraint skips that one.
  await repo.insertOpenSlots(tx, slots);
}
