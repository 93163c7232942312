import {
  BOOKING_RULES,
  endOfLocalDay,
  localDateAt,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type BookingInfo,
  type BookingPayload,
  type CancelInput,
  type Language,
  type LockResult,
  type NextFreeTime,
  type PatientAppointment,
  type QuestionnaireAnswer,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { patientActor, type OrganisationRow, type PatientContext } from '../../platform/access/patient-access';
import { sqlState, UNIQUE_VIOLATION } from '../../platform/db-errors';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { loadAppointmentNotice } from './booking-notifications-data';
import { notifyBooked, notifyCancelled } from './booking-notifications.service';
import { noticeServiceName, notificationLink } from './booking-notifications-format';
import { patientCalendarFile } from './patient-calendar';
import { deviceCheckLink } from './appointment-kind-texts';
import { cancelPolicy } from './booking-rules';
import * as repo from './booking.repo';
import { emitStateChange } from './booking-updated';
import { toPatientAppointment } from './patient-appointments.service';
import { reopenedType } from './open-times-in-the-way';
import { bookingRefusal, bookLockedSlot } from './slot-booking.repo';
import { HOLD_REFUSED_AFTER_RELEASE, takeSlotHold } from './slot-hold.repo';
import { patientAppointmentSurveys } from '../surveys/survey-responses.service';
import type { Emit } from '../../platform/events/event-hub';

const MINUTE = 60_000;

/** `publicUrl` and `sender`: the service's address and e-mail sender, for the e-mails a booking sends. */
export type PatientBookingDeps = { db: Db; emit: Emit; publicUrl: string; sender: Sender };

export type PatientBookingCtx = PatientContext & { organisation: OrganisationRow; ip: string; language: Language };

/**
 * `GET /api/services/open/{dateMs}/{specialization}`: the free times of the organisation's day that `dateMs` falls
 * on, from now on, of experts with the specialization, as the JSON text of `OpenAppointment[]`. Another patient's
 * live hold hides a slot; the caller's own does not, so a reload of the page still shows the time they hold.
 */
export async function searchOpen(
  db: Db,
  ctx: PatientBookingCtx,
  dateMs: number,
  specialization: string,
  now = new Date(),
): Promise<string> {
  const date = localDateAt(new Date(dateMs), SERVICE_TIME_ZONE);
  if (date < localDateAt(now, SERVICE_TIME_ZONE)) throwIfFieldIssues([{ field: 'dateMs', key: 'pastDate' }]);
  const dayStart = startOfLocalDay(date, SERVICE_TIME_ZONE);
  return repo.searchOpenSlotsJson(db, {
    organisationId: ctx.organisation.id,
    specialization,
    from: dayStart > now ? dayStart : now,
    to: endOfLocalDay(date, SERVICE_TIME_ZONE),
    now,
    patientId: ctx.patientId,
    preQuestionnaire: ctx.organisation.content.questionnaire.length > 0,
  });
}

/**
 * `GET /api/services/open/{dateMs}/{specialization}/next`: when the first free time of the same search (the
 * patient's organisation, the specialization, not held by another patient) after the organisation's day that `dateMs`
 * falls on starts, so a day with nothing free can point to the next one that has something. A past date is a field
 * error, as in the search.
 */
export async function nextFreeTime(
  db: Db,
  ctx: PatientBookingCtx,
  dateMs: number,
  specialization: string,
  now = new Date(),
): Promise<NextFreeTime> {
  const date = localDateAt(new Date(dateMs), SERVICE_TIME_ZONE);
  if (date < localDateAt(now, SERVICE_TIME_ZONE)) throwIfFieldIssues([{ field: 'dateMs', key: 'pastDate' }]);
  const dayEnd = endOfLocalDay(date, SERVICE_TIME_ZONE);
  const start = await repo.firstOpenStart(db, {
    organisationId: ctx.organisation.id,
    specialization,
    from: dayEnd > now ? dayEnd : now,
    now,
    patientId: ctx.patientId,
  });
  return { startTime: start?.getTime() ?? null };
}

/** The open slot a patient may act on: in their organisation (else 404), still open (422) and in the future (423). */
export async function openSlot(tx: Tx, organisationId: string, id: string, now: Date): Promise<repo.AppointmentRecord> {
  const slot = await repo.lockAppointment(tx, organisationId, id);
  if (!slot) throw new AppError(404);
  if (slot.status !== 'open') throw new AppError(422);
  if (slot.startsAt <= now) throw new AppError(423);
  return slot;
}

/**
 * `POST /api/services/lock/{uuid}`: holds the slot for the patient for 15 minutes (spec §4). Not in the organisation
 * answers 404, not open 422, started 423, as `openSlot`; someone else's live hold 422; the patient's own hold is
 * renewed; any other slot the patient held is let go. One statement (slot-hold.repo.ts): the lock storm's cost was
 * its transaction's round trips while holding the slot's row lock and a pooled connection (bench:booking).
 */
export async function lock(db: Db, ctx: PatientBookingCtx, id: string, now = new Date()): Promise<LockResult> {
  const expiresAt = new Date(now.getTime() + BOOKING_RULES.holdMinutes * MINUTE);
  let slot: Awaited<ReturnType<typeof takeSlotHold>>;
  try {
    slot = await takeSlotHold(db, { id, organisationId: ctx.organisation.id, patientId: ctx.patientId, now, expiresAt });
  } catch (err) {
    // Someone else's live hold while the patient held another slot; or the same patient locking two slots at once,
    // where the one-hold-per-patient index lets one through.
    const state = sqlState(err);
    if (state === HOLD_REFUSED_AFTER_RELEASE || state === UNIQUE_VIOLATION) throw new AppError(422);
    throw err;
  }
  if (!slot) throw new AppError(404);
  if (slot.status !== 'open') throw new AppError(422);
  if (!slot.future) throw new AppError(423);
  if (!slot.taken) throw new AppError(422);
  return { appointmentLockTime: BOOKING_RULES.holdMinutes };
}

/** `POST /api/services/unlock/{uuid}`: lets go of the patient's own hold; nothing to do is not an error. */
export async function unlock(db: Db, ctx: PatientBookingCtx, id: string): Promise<void> {
  await repo.deleteHold(db, id, ctx.patientId);
}

/**
 * The answers as stored: one per question of the organisation's pre-questionnaire, with the question in the
 * patient's language (never the client's copy of it); a mandatory question left empty is a field error.
 */
export function questionnaireAnswers(
  questions: OrganisationRow['content']['questionnaire'],
  given: readonly QuestionnaireAnswer[],
  language: Language,
): QuestionnaireAnswer[] {
  const byId = new Map(given.map((a) => [a.id, a.answer.trim()]));
  const issues: FieldIssue[] = [];
  const answers = questions.map((q, i) => {
    const answer = byId.get(q.id) ?? '';
    if (q.isMandatory && answer === '') issues.push({ field: `questionnaireAnswers.${i}`, key: 'answerRequired' });
    return { id: q.id, question: q.content[language] || q.content.fi, answer };
  });
  if (issues.length > 0) throwIfFieldIssues([{ field: 'questionnaireAnswers', key: 'answerRequired' }, ...issues]);
  return answers.filter((a) => a.answer !== '');
}

/**
 * `POST /api/services/book/{id}`: books the open slot for the patient in one transaction. Another patient's live
 * hold or a booking made meanwhile answers 422; the patient's own hold, even one that ran out while nobody else took
 * the slot, is enough. The confirmation e-mail and reminders are queued in the same transaction.
 */
export async function book(
  deps: PatientBookingDeps,
  ctx: PatientBookingCtx,
  id: string,
  payload: BookingPayload,
  now = new Date(),
): Promise<PatientAppointment> {
  const answers = questionnaireAnswers(ctx.organisation.content.questionnaire, payload.questionnaireAnswers, ctx.language);
  return deps.db.transaction(async (tx) => {
    await openSlot(tx, ctx.organisation.id, id, now);
    const slot = { id, patientId: ctx.patientId, now };
    const booked = await bookLockedSlot(tx, { ...slot, language: ctx.language, answers });
    if (!booked) throw new AppError(await bookingRefusal(tx, slot));
    await recordAudit(tx, { ...patientActor(ctx, ctx.ip), action: 'appointment.book', objectType: 'appointment', objectId: id });
    await notifyBooked(tx, id, { sendConfirmation: true, publicUrl: deps.publicUrl, sender: deps.sender });
    await deps.emit(tx, 'booking.created', { organisationId: ctx.organisation.id, appointmentId: id }, now);
    return toPatientAppointment(booked, (await patientAppointmentSurveys(tx, ctx.patientId, [id])).get(id));
  });
}

/**
 * `POST /api/services/cancel/{uuid}`: the patient cancels their own one-to-one appointment, at least 1440 minutes
 * before its start (spec §4), optionally saying why. Everyone in it is told, and the expert's time opens again for
 * others to book, by chat or video as it was.
 */
export async function cancel(
  deps: PatientBookingDeps,
  ctx: PatientBookingCtx,
  id: string,
  input: CancelInput = {},
  now = new Date(),
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const a = await repo.lockAppointment(tx, ctx.organisation.id, id);
    if (!a || a.status === 'open' || a.status === 'cancelled' || !(await repo.isPatientOf(tx, id, ctx.patientId))) throw new AppError(404);
    const policy = cancelPolicy(a, now);
    if (policy !== 'allowed') throw new AppError(403, { detail: policy });
    await repo.updateAppointment(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: 'patient',
      cancelReason: input.reason || null,
    });
    if (a.expertId)
      await repo.insertAppointment(tx, {
        organisationId: a.organisationId,
        expertId: a.expertId,
        serviceId: a.serviceId,
        name: a.name,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        type: reopenedType(a.type),
        status: 'open',
        queueId: a.queueId,
      });
    await recordAudit(tx, { ...patientActor(ctx, ctx.ip), action: 'appointment.cancel', objectType: 'appointment', objectId: id });
    await notifyCancelled(tx, id, { publicUrl: deps.publicUrl, sender: deps.sender });
    await emitStateChange(tx, deps.emit, 'booking.cancelled', a, now);
  });
}

/**
 * `GET /api/services/calendar/{uuid}` (beyond the spec's list): the patient's own reserved appointment as an
 * iCalendar file in their language. Anyone else's, an open or a cancelled one answers 404, as if it did not exist.
 */
export async function calendarFile(deps: PatientBookingDeps, ctx: PatientBookingCtx, id: string, now = new Date()): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const a = await repo.findAppointment(tx, ctx.organisation.id, id);
    if (!a || (a.status !== 'selfBooked' && a.status !== 'booked') || !(await repo.isPatientOf(tx, id, ctx.patientId)))
      throw new AppError(404);
    const notice = await loadAppointmentNotice(tx, id);
    if (!notice) throw new AppError(404);
    return patientCalendarFile({
      appointmentId: id,
      sequence: notice.calendarSequence,
      start: a.startsAt,
      end: a.endsAt,
      stamp: now,
      serviceName: noticeServiceName(notice, ctx.language),
      organisationName: notice.organisationName,
      expertName: notice.expertName,
      link: notificationLink(deps.publicUrl, 'patient', id, ctx.language),
      kind: notice.kind,
      deviceCheckLink: deviceCheckLink(deps.publicUrl, 'patient', id, ctx.language),
      language: ctx.language,
    });
  });
}

/** `GET /api/services/booking-info`: the text the organisation shows above the book page. */
export async function bookingInfo(db: Db, organisationId: string): Promise<BookingInfo> {
  const settings = await repo.findSettings(db, organisationId);
  return { infoText: settings?.infoText ?? { fi: '', se: '', en: '' } };
}
