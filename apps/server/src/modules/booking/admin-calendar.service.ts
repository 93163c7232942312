import {
  addDays,
  endOfLocalDay,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type CalendarAppointment,
  type CalendarQuery,
  type CalendarWeek,
  type MoveInput,
  type MoveResult,
} from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { readsOf, type PatientReads } from '../../platform/audit/patient-reads';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import type { BookingDeps } from './admin-bookings.service';
import { participantNames } from './admin-calendar.repo';
import { rowReads, toRow } from './appointment-view';
import { loadAppointmentNotice } from './booking-notifications-data';
import { notifyUpdated } from './booking-notifications.service';
import { moveAppointment } from './booking-move.service';
import { emitChanges, snapshotOf } from './booking-updated';
import * as repo from './booking.repo';

/** More than a week of one organisation's calendar ever holds; the answer is cut there rather than growing without end. */
const CALENDAR_LIMIT = 3000;

/** People in the order the calendar names them: patients, guests, then the experts who take part; by name within each. */
const ROLE_ORDER = { patient: 0, guest: 1, expert: 2 } as const;

/** The list's rows with everyone's names, naming every patient shown to `reads`. */
async function withPeople(tx: Tx, rows: repo.ListedRow[], reads: PatientReads): Promise<CalendarAppointment[]> {
  const names = await participantNames(
    tx,
    rows.map((r) => r.appointment.id),
  );
  const byAppointment = new Map<string, typeof names>();
  for (const n of names) byAppointment.set(n.appointmentId, [...(byAppointment.get(n.appointmentId) ?? []), n]);
  reads.show([
    ...rowReads(rows),
    ...rows.flatMap((r) =>
      readsOf(
        (byAppointment.get(r.appointment.id) ?? []).map((n) => n.patientId),
        { organisationId: r.appointment.organisationId, objectType: 'appointment', objectId: r.appointment.id },
      ),
    ),
  ]);
  return rows.map((r) => {
    const people = byAppointment.get(r.appointment.id) ?? [];
    return {
      ...toRow(r),
      people: [...people].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name, 'fi')).map((p) => p.name),
    };
  });
}

/**
 * The admins' week or day calendar (issue 33): the organisation's open times and reserved appointments (one-to-one and
 * group) that run in the Helsinki days asked for (also one that starts the evening before and runs past midnight: the
 * grid clips it to the day), of one expert or one service when asked, with everyone's names;
 * and the breaks of the experts shown. Cancelled appointments are left out: they hold no time and would stand in the
 * way of a drop; the list shows them. Another organisation's expert or service simply shows nothing.
 */
export async function calendarWeek(
  deps: BookingDeps,
  actor: AdminActor,
  q: CalendarQuery,
  reads: PatientReads,
  now = new Date(),
): Promise<CalendarWeek> {
  const organisationId = organisationOf(actor);
  const from = startOfLocalDay(q.from, SERVICE_TIME_ZONE);
  const to = endOfLocalDay(addDays(q.from, q.days - 1), SERVICE_TIME_ZONE);
  const rows = await repo.listRows(
    deps.db,
    { organisationId, expertId: q.expertId, serviceId: q.serviceId, statuses: ['open', 'booked', 'selfBooked'], endsAfter: from, to },
    { now, limit: CALENDAR_LIMIT, offset: 0 },
  );
  const appointments = await withPeople(deps.db, rows, reads);
  const organisationExperts = new Set((await repo.organisationExperts(deps.db, organisationId)).map((e) => e.id));
  const shown = new Set(rows.map((r) => r.appointment.expertId).filter((id): id is string => id !== null));
  if (q.expertId) shown.add(q.expertId);
  const experts = [...shown].filter((id) => organisationExperts.has(id));
  const breaks = await repo.breaksOf(deps.db, experts, from, to);
  return {
    from: q.from,
    days: q.days,
    appointments,
    breaks: breaks.map((b) => ({ id: b.id, expertId: b.expertId, startTime: b.startsAt.getTime(), endTime: b.endsAt.getTime() })),
  };
}

/**
 * Moves a reserved appointment from the calendar (a drag or the Move dialog) by the edit form's rules
 * (booking-move.service.ts): into an open time, or to a free time confirmed over open times in the way. The people
 * stay as they are; everyone gets one updated invitation (its SEQUENCE raised). Answers the appointment and the move
 * that undoes this one.
 */
export async function moveBooking(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  input: MoveInput,
  reads: PatientReads,
  now = new Date(),
): Promise<MoveResult> {
  const organisationId = organisationOf(actor);
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await repo.lockAppointment(tx, organisationId, id);
      if (!current) throw new AppError(404);
      const before = await loadAppointmentNotice(tx, id);
      const was = await snapshotOf(tx, id);
      const { undo } = await moveAppointment(tx, organisationId, current, input, now);
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.staff.userId,
        action: 'appointment.move',
        objectType: 'appointment',
        objectId: id,
        ip: actor.ip,
      });
      await notifyUpdated(tx, id, { before, publicUrl: deps.publicUrl, sender: deps.sender });
      if (was) await emitChanges(tx, deps.emit, was, now);
      const rows = await repo.listRows(tx, { id, organisationId }, { now, limit: 1, offset: 0 });
      const [appointment] = await withPeople(tx, rows, reads);
      return { appointment: appointment!, undo };
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422);
    throw err;
  }
}
