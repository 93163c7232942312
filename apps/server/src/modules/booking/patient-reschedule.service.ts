import type { PatientAppointment, RescheduleInfo, ReschedulePayload } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { patientActor } from '../../platform/access/patient-access';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import { patientAppointmentSurveys } from '../surveys/survey-responses.service';
import { loadAppointmentNotice } from './booking-notifications-data';
import { notifyUpdated } from './booking-notifications.service';
import { emitChanges, snapshotOf } from './booking-updated';
import * as repo from './booking.repo';
import { lockExpertCalendars } from './expert-locks.repo';
import { reopenOldTime } from './open-times-in-the-way';
import { toPatientAppointment } from './patient-appointments.service';
import { openSlot, questionnaireAnswers, type PatientBookingCtx, type PatientBookingDeps } from './patient-booking.service';
import { reschedulePolicy } from './reschedule-rules';

/**
 * A patient changes the time of their own appointment (issue 29) instead of cancelling it and booking again: the
 * appointment moves into an open time they hold, as an admin's move into an open timeslot does
 * (admin-bookings.service.ts `updateBooking`). It keeps its id, its participants, its surveys and, unless the patient
 * gives new ones, its pre-questionnaire answers; the open time's row goes and the old time opens for others. So the
 * patient and the professional get one "time changed" invitation (same UID, higher SEQUENCE: calendars move the
 * event), never a cancellation and a new booking, and the reminders move with it.
 */

/**
 * The patient's appointment `id`, locked, if they may change its time: someone else's, an open time or none at all
 * answers 404; a cancelled one 422; one whose time has come or whose visit is settled 423 (the catalogue's "the time
 * must be in the future"); a group, an admin's booking or a time less than 1440 minutes ahead 403 with the reason,
 * as the patient's cancel answers (reschedule-rules.ts).
 */
async function ownChangeableAppointment(tx: Tx, ctx: PatientBookingCtx, id: string, now: Date): Promise<repo.AppointmentRecord> {
  const a = await repo.lockAppointment(tx, ctx.organisation.id, id);
  if (!a || a.status === 'open' || !(await repo.isPatientOf(tx, id, ctx.patientId))) throw new AppError(404);
  const policy = reschedulePolicy(a, now);
  if (policy === 'cancelled') throw new AppError(422, { detail: 'the appointment is cancelled' });
  if (policy === 'started') throw new AppError(423, { detail: 'the appointment has started' });
  if (policy !== 'allowed') throw new AppError(403, { detail: policy });
  return a;
}

/**
 * `GET /api/services/reschedule/{uuid}`: the appointment the book page changes the time of (refused as the change
 * itself would be), and its professional's first specialization, which the search starts from.
 */
export async function rescheduleInfo(
  deps: PatientBookingDeps,
  ctx: PatientBookingCtx,
  id: string,
  now = new Date(),
): Promise<RescheduleInfo> {
  return deps.db.transaction(async (tx) => {
    const a = await ownChangeableAppointment(tx, ctx, id, now);
    const expert = a.expertId ? (await repo.organisationExperts(tx, a.organisationId)).find((e) => e.id === a.expertId) : undefined;
    const surveys = (await patientAppointmentSurveys(tx, ctx.patientId, [id])).get(id);
    return { appointment: toPatientAppointment(a, surveys), specialization: expert?.specializations[0] ?? null };
  });
}

/**
 * `POST /api/services/reschedule/{uuid}`: moves the patient's appointment `uuid` into the open time they hold, in
 * one transaction: if anything fails (the time was taken, another patient holds it, the old one may no longer be
 * changed) nothing changes and the old time stands. Another patient's live hold or a booking made meanwhile answers
 * 422, as booking does; the patient's own hold, even one that ran out while nobody took the time, is enough.
 */
export async function reschedule(
  deps: PatientBookingDeps,
  ctx: PatientBookingCtx,
  id: string,
  payload: ReschedulePayload,
  now = new Date(),
): Promise<PatientAppointment> {
  const given = payload.questionnaireAnswers;
  const answers = given ? questionnaireAnswers(ctx.organisation.content.questionnaire, given, ctx.language) : undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await ownChangeableAppointment(tx, ctx, id, now);
      const slot = await openSlot(tx, ctx.organisation.id, payload.timeslotId, now);
      const hold = await repo.findHold(tx, slot.id);
      if (hold && hold.patientId !== ctx.patientId && hold.expiresAt > now) throw new AppError(422);
      await lockExpertCalendars(
        tx,
        [slot.expertId, current.expertId].filter((e): e is string => e !== null),
      );
      const before = await loadAppointmentNotice(tx, id);
      const was = (await snapshotOf(tx, id))!;
      // The open time's row makes way for the appointment, which takes its time, professional, service and kind.
      await repo.deleteHold(tx, slot.id);
      await repo.deleteAppointment(tx, slot.id);
      const moved = await repo.updateAppointment(tx, id, {
        expertId: slot.expertId,
        serviceId: slot.serviceId,
        name: slot.name,
        type: slot.type,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        queueId: slot.queueId,
        preQuestionnaire: answers ?? current.preQuestionnaire,
      });
      await reopenOldTime(tx, current, now);
      await recordAudit(tx, {
        ...patientActor(ctx, ctx.ip),
        action: 'appointment.reschedule',
        objectType: 'appointment',
        objectId: id,
        details: { timeslotId: slot.id },
      });
      await notifyUpdated(tx, id, { before, publicUrl: deps.publicUrl, sender: deps.sender });
      await emitChanges(tx, deps.emit, was, now);
      return toPatientAppointment(moved, (await patientAppointmentSurveys(tx, ctx.patientId, [id])).get(id));
    });
  } catch (err) {
    // Someone booked over the new time meanwhile: the constraint's refusal is the catalogue's 422.
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422);
    throw err;
  }
}
