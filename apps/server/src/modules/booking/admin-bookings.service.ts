import {
  endOfLocalDay,
  isLocalDate,
  isValidSsn,
  localDateAt,
  type Language,
  normalizeSsn,
  SERVICE_TIME_ZONE,
  startOfLocalDay,
  type AppointmentDetail,
  type AppointmentInput,
  type AppointmentRow,
  type BookableExpert,
  type BookingService,
  type BookingListQuery,
  type BookingSettings,
  type CancelInput,
  type Page,
  type PatientInput,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { EXCLUSION_VIOLATION, sqlState } from '../../platform/db-errors';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { patientForIdentityCode, patientIdByIdentityCode } from '../patients/patients.service';
import { bookingsCsv } from './bookings-csv';
import { templateLanguage } from '../staff/staff-invitations.service';
import { rowById, rowReads, toDetail, toRow } from './appointment-view';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { notifyBooked, notifyCancelled, notifyUpdated } from './booking-notifications.service';
import type { Emit } from '../../platform/events/event-hub';
import { attachSurveys } from '../surveys/survey-attachments.service';
import { createResponsesForAppointment } from '../surveys/survey-responses.service';
import { appointmentType, isVideo } from './appointment-view';
import { currentGuestPins, withGuestPins } from './guest-invitations.service';
import { reissueGuestPin } from './guest-pin-reissue.service';
import { loadAppointmentNotice } from './booking-notifications-data';
import { isFuture } from './booking-rules';
import * as visits from './booking-visits.service';
import { emitChanges, emitStateChange, snapshotOf } from './booking-updated';
import * as repo from './booking.repo';
import { lockExpertCalendars } from './expert-locks.repo';
import { clearOpenTimes, reopenOldTime, takeOpenSlot } from './open-times-in-the-way';
import { clearTheWay, refuseBreaks, refuseUnmovable } from './booking-move.service';

/** `publicUrl` and `sender`: the service's address and e-mail sender, for the e-mails a booking sends. */
export type BookingDeps = { db: Db; cipher: FieldCipher; emit: Emit; publicUrl: string; sender: Sender };

const MINUTE = 60_000;

async function audit(tx: Tx, actor: AdminActor, action: string, id: string) {
  await recordAudit(tx, { actorType: 'staff', actorId: actor.staff.userId, action, objectType: 'appointment', objectId: id, ip: actor.ip });
}

import { localInstant } from './local-instant';

export { localInstant };

/** A booking list shows open timeslots when asked to, or when they are what it searches for. */
export const showsOpenTimes = (q: { status?: string; openTimes?: 'true' | 'false' }) => q.openTimes === 'true' || q.status === 'open';

/** The booking list's filters as a repository filter; an identity code finds the patient by its keyed hash. */
async function filterOf(deps: BookingDeps, actor: AdminActor, q: Omit<BookingListQuery, 'page' | 'pageSize'>): Promise<repo.RowFilter> {
  const patient = q.patient?.trim();
  let patientFilter: Pick<repo.RowFilter, 'patientIds' | 'patientName'> = {};
  if (patient && isValidSsn(patient)) {
    const id = await patientIdByIdentityCode(deps.db, deps.cipher, patient);
    patientFilter = { patientIds: id ? [id] : [] };
  } else if (patient) patientFilter = { patientName: patient };
  return {
    organisationId: organisationOf(actor),
    expertId: q.expertId,
    serviceId: q.serviceId,
    status: q.status,
    withoutOpen: !showsOpenTimes(q),
    from: q.from && isLocalDate(q.from) ? startOfLocalDay(q.from, SERVICE_TIME_ZONE) : undefined,
    to: q.to && isLocalDate(q.to) ? endOfLocalDay(q.to, SERVICE_TIME_ZONE) : undefined,
    ...patientFilter,
  };
}

/** The booking list (spec §2 'Booking list with filters'), by start, paged. */
export async function listBookings(
  deps: BookingDeps,
  actor: AdminActor,
  q: BookingListQuery,
  reads: PatientReads,
  now = new Date(),
): Promise<Page<AppointmentRow>> {
  const filter = await filterOf(deps, actor, q);
  const [rows, total] = await Promise.all([
    repo.listRows(deps.db, filter, { now, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    repo.countRows(deps.db, filter),
  ]);
  reads.show(rowReads(rows));
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

const CSV_LIMIT = 50_000;

/** The same search as a spreadsheet download in the admin's language (bookings-csv.ts). */
export async function exportBookings(
  deps: BookingDeps,
  actor: AdminActor,
  q: BookingListQuery,
  reads: PatientReads,
  lang: Language,
  now = new Date(),
) {
  const filter = await filterOf(deps, actor, q);
  const listed = await repo.listRows(deps.db, filter, { now, limit: CSV_LIMIT, offset: 0 });
  reads.show(rowReads(listed));
  return { filename: `bookings-${localDateAt(now)}.csv`, csv: bookingsCsv(listed.map(toRow), lang) };
}

export async function bookableExperts(deps: BookingDeps, actor: AdminActor): Promise<BookableExpert[]> {
  return (await repo.organisationExperts(deps.db, organisationOf(actor))).map((e) => ({
    id: e.id,
    name: repo.expertDisplayName(e),
    specializations: e.specializations,
  }));
}

/** The organisation's services with the kind of open times each makes (the generation form and the filters). */
export function bookingServices(deps: BookingDeps, actor: AdminActor): Promise<BookingService[]> {
  return repo.organisationServices(deps.db, organisationOf(actor));
}

/** One appointment of the organisation; another organisation's answers 404 as if it did not exist. */
export async function getBooking(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const row = await rowById(deps.db, id, now, organisationOf(actor));
  if (!row) throw new AppError(404);
  return toDetail(deps.db, deps.cipher, row, reads, now);
}

// --------------------------------------------------------------------------------------- create and edit

type Resolved = {
  expert: repo.ExpertRecord;
  startsAt: Date;
  endsAt: Date;
  participants: Omit<repo.ParticipantValues, 'appointmentId'>[];
  hostExpertId: string | null;
  queueId: string;
  serviceId: string | null;
};

function patientIssues(p: PatientInput, field: string): FieldIssue[] {
  return isValidSsn(p.ssn) ? [] : [{ field: `${field}.ssn`, key: 'ssn' }];
}

/**
 * Spec §5 'Appointment (admin)': a proper identity code (105), the expert from the organisation's list, a correct
 * future time (423), nationality and e-mail (the schema), for a group an organiser from that list, someone to invite
 * and nobody twice (any expert can host or join: each has a chat user, issue 28). Answers the people and the time as
 * they will be stored.
 */
async function resolveInput(
  tx: Tx,
  deps: BookingDeps,
  organisationId: string,
  input: AppointmentInput,
  slot: repo.AppointmentRecord | null,
  now: Date,
): Promise<Resolved> {
  const experts = await repo.organisationExperts(tx, organisationId);
  const byId = new Map(experts.map((e) => [e.id, e]));
  const expert = byId.get(slot?.expertId ?? input.expertId);
  if (!expert) throwIfFieldIssues([{ field: 'expertId', key: 'expert' }]);
  const startsAt = slot?.startsAt ?? localInstant(input.date, input.startTime);
  const endsAt = slot?.endsAt ?? new Date(startsAt.getTime() + input.durationMinutes * MINUTE);
  if (!isFuture(startsAt, now)) throw new AppError(423, { fields: [{ field: 'startTime', key: 'pastDate' }] });

  const ssnIssues: FieldIssue[] = [];
  const issues: FieldIssue[] = [];
  const patients = input.kind === 'oneOnOne' ? (input.patient ? [input.patient] : []) : (input.patients ?? []);
  if (input.kind === 'oneOnOne' && !input.patient) issues.push({ field: 'patient', key: 'required' });
  patients.forEach((p, i) => ssnIssues.push(...patientIssues(p, input.kind === 'oneOnOne' ? 'patient' : `patients.${i}`)));
  if (ssnIssues.length > 0) throw new AppError(105, { fields: ssnIssues });

  const seenSsn = new Set<string>();
  patients.forEach((p, i) => {
    const code = normalizeSsn(p.ssn);
    if (seenSsn.has(code)) issues.push({ field: `patients.${i}.ssn`, key: 'duplicate' });
    seenSsn.add(code);
  });
  const otherExperts = input.kind === 'group' ? (input.experts ?? []) : [];
  const seenExperts = new Set([expert!.id]);
  otherExperts.forEach((id, i) => {
    if (!byId.has(id)) issues.push({ field: `experts.${i}`, key: 'expert' });
    else if (seenExperts.has(id)) issues.push({ field: `experts.${i}`, key: 'duplicate' });
    seenExperts.add(id);
  });
  const guests = input.kind === 'group' ? (input.guests ?? []) : [];
  const seenGuests = new Set<string>();
  guests.forEach((g, i) => {
    const email = g.email.trim().toLowerCase();
    if (seenGuests.has(email)) issues.push({ field: `guests.${i}.email`, key: 'duplicate' });
    seenGuests.add(email);
  });
  let hostExpertId: string | null = null;
  if (input.kind === 'group') {
    const host = input.hostExpertId ? byId.get(input.hostExpertId) : undefined;
    if (!host) issues.push({ field: 'hostExpertId', key: 'expert' });
    hostExpertId = host?.id ?? null;
    if (patients.length + guests.length + otherExperts.length === 0) issues.push({ field: 'patients', key: 'required' });
  }
  let serviceQueue: string | null = null;
  const serviceId = input.serviceId ?? slot?.serviceId ?? null;
  if (serviceId) {
    const service = await repo.findService(tx, organisationId, serviceId);
    if (!service) issues.push({ field: 'serviceId', key: 'invalid' });
    serviceQueue = service?.chatQueueId ?? null;
  }
  throwIfFieldIssues(issues);

  const participants: Resolved['participants'] = [];
  for (const p of patients) {
    const patient = await patientForIdentityCode(tx, deps.cipher, { ssn: p.ssn, givenName: p.firstName, familyName: p.lastName });
    participants.push({
      role: 'patient',
      patientId: patient.id,
      name: `${p.firstName} ${p.lastName}`,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      language: p.language,
      nationality: p.nationality.toLowerCase(),
    });
  }
  for (const id of otherExperts) {
    const e = byId.get(id)!;
    participants.push({
      role: 'expert',
      expertId: e.id,
      name: repo.expertDisplayName(e),
      email: e.email,
      language: templateLanguage(e.language),
    });
  }
  for (const g of guests) participants.push({ role: 'guest', name: g.name, email: g.email.trim(), language: g.language });
  return { expert: expert!, startsAt, endsAt, participants, hostExpertId, queueId: serviceQueue ?? expert!.chatQueueId, serviceId };
}

/** Runs a write that may put two live appointments of one expert on top of each other: the constraint's refusal is 422. */
async function noOverlap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw new AppError(422);
    throw err;
  }
}

/**
 * Creates an appointment (spec §3 'Appointment (admin)'): into an open timeslot (which becomes booked, unless a
 * patient holds it right now: 422) or at a free time of the expert (an overlap answers 422; open timeslots there
 * are named in the 422 and replaced once the admin confirms). The confirmation e-mails go when asked; reminders always.
 */
export async function createBooking(
  deps: BookingDeps,
  actor: AdminActor,
  input: AppointmentInput,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const organisationId = organisationOf(actor);
  const id = await noOverlap(() =>
    deps.db.transaction(async (tx) => {
      const slot = input.timeslotId ? await takeOpenSlot(tx, organisationId, input.timeslotId, now) : null;
      const r = await resolveInput(tx, deps, organisationId, input, slot, now);
      await lockExpertCalendars(tx, [r.expert.id]);
      await refuseBreaks(tx, r.expert.id, r.startsAt, r.endsAt);
      if (!slot)
        await clearOpenTimes(tx, { expertId: r.expert.id, startsAt: r.startsAt, endsAt: r.endsAt }, input.replaceOpenTimes ?? false, now);
      const values = {
        expertId: r.expert.id,
        hostExpertId: r.hostExpertId,
        serviceId: r.serviceId,
        name: input.name?.trim() || repo.expertDisplayName(r.expert),
        // Into an open time without a choice: the open time's kind (a video time stays video).
        type: appointmentType(input.kind, input.video ?? (slot ? isVideo(slot.type) : false)),
        status: 'booked' as const,
        queueId: r.queueId,
        preQuestionnaire: input.preQuestionnaire ?? [],
        bookedAt: now,
      };
      const row = slot
        ? await repo.updateAppointment(tx, slot.id, values)
        : await repo.insertAppointment(tx, { ...values, organisationId, startsAt: r.startsAt, endsAt: r.endsAt });
      if (slot) await repo.deleteHold(tx, slot.id);
      // Each guest gets a PIN: only its hash is stored, the clear PIN goes into their invitation only.
      const { participants, pins } = await withGuestPins(r.participants);
      await repo.insertParticipants(
        tx,
        participants.map((p) => ({ ...p, appointmentId: row.id })),
      );
      if (input.surveys) await attachSurveys(tx, organisationId, row.id, input.surveys);
      await audit(tx, actor, 'appointment.create', row.id);
      await notifyBooked(tx, row.id, {
        sendConfirmation: input.sendConfirmation,
        guestPins: pins,
        publicUrl: deps.publicUrl,
        sender: deps.sender,
      });
      await deps.emit(tx, 'booking.created', { organisationId, appointmentId: row.id }, now);
      return row.id;
    }),
  );
  return getBooking(deps, actor, id, reads, now);
}

/**
 * Edits a reserved appointment: time, expert, people; everyone gets the updated invitation. Moved into an open
 * timeslot it takes that slot and its old time opens instead; moved to a free time over open timeslots it asks
 * first (open-times-in-the-way.ts).
 */
export async function updateBooking(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  input: AppointmentInput,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const organisationId = organisationOf(actor);
  await noOverlap(() =>
    deps.db.transaction(async (tx) => {
      const current = await repo.lockAppointment(tx, organisationId, id);
      if (!current) throw new AppError(404);
      refuseUnmovable(current, now);
      const before = await loadAppointmentNotice(tx, id);
      const was = (await snapshotOf(tx, id))!;
      // Into an open timeslot: the booking takes the slot's time and the slot's row goes; the old time opens below.
      const slot = input.timeslotId ? await takeOpenSlot(tx, organisationId, input.timeslotId, now) : null;
      const r = await resolveInput(tx, deps, organisationId, input, slot, now);
      const to = { expertId: r.expert.id, startsAt: r.startsAt, endsAt: r.endsAt };
      await clearTheWay(tx, current, to, slot, input.replaceOpenTimes ?? false, now);
      await repo.updateAppointment(tx, id, {
        expertId: r.expert.id,
        hostExpertId: r.hostExpertId,
        serviceId: r.serviceId,
        name: input.name?.trim() || current.name,
        type: appointmentType(input.kind, input.video ?? isVideo(current.type)),
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        queueId: r.queueId,
        preQuestionnaire: input.preQuestionnaire ?? current.preQuestionnaire,
      });
      if (slot) await reopenOldTime(tx, current, now);
      // Guests who stay keep their PIN; only newly added guests get one (and the guest invitation with it).
      // Rewriting the rows ends the guests' sign-ins (their tokens name the old rows): they sign in again.
      const { participants, pins } = await withGuestPins(r.participants, await currentGuestPins(tx, id));
      await repo.deleteParticipants(tx, id);
      await repo.insertParticipants(
        tx,
        participants.map((p) => ({ ...p, appointmentId: id })),
      );
      if (input.surveys) {
        await attachSurveys(tx, organisationId, id, input.surveys);
        // An edit may attach surveys and change nothing else, which raises no event: their `before` surveys go here.
        await createResponsesForAppointment(tx, id, 'before');
      }
      await audit(tx, actor, 'appointment.update', id);
      await notifyUpdated(tx, id, { before, guestPins: pins, publicUrl: deps.publicUrl, sender: deps.sender });
      await emitChanges(tx, deps.emit, was, now);
    }),
  );
  return getBooking(deps, actor, id, reads, now);
}

/**
 * Cancels a reserved appointment whose visit is not settled (423 once held, missed or over: visits.isSettled): every
 * participant is told (spec §4), with the admin's reason if one was typed. The time does not reopen by itself.
 */
export async function cancelBooking(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  input: CancelInput,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  await deps.db.transaction(async (tx) => {
    const a = await repo.lockAppointment(tx, organisationOf(actor), id);
    if (!a) throw new AppError(404);
    if (a.status !== 'booked' && a.status !== 'selfBooked')
      throw new AppError(403, { detail: 'only a reserved appointment can be cancelled' });
    if (visits.isSettled(a, now)) throw new AppError(423, { detail: 'the visit is settled' });
    const cancelReason = input.reason || null;
    await repo.updateAppointment(tx, id, { status: 'cancelled', cancelledAt: now, cancelledBy: 'admin', cancelReason });
    await audit(tx, actor, 'appointment.cancel', id);
    await notifyCancelled(tx, id, { publicUrl: deps.publicUrl, sender: deps.sender });
    await emitStateChange(tx, deps.emit, 'booking.cancelled', a, now);
  });
  return getBooking(deps, actor, id, reads, now);
}

/** Marks the patient of a reserved appointment whose start has passed as not come (booking-visits.service.ts). */
export async function markNoShow(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  await deps.db.transaction(async (tx) => {
    const a = await repo.lockAppointment(tx, organisationOf(actor), id);
    if (!a) throw new AppError(404);
    if (await visits.markNoShow(tx, deps.emit, a, 'admin', now)) await audit(tx, actor, 'appointment.noShow', id);
  });
  return getBooking(deps, actor, id, reads, now);
}

/** Sends one guest of the appointment a new PIN, which clears their lockout (guest-pin-reissue.service.ts). */
export async function newGuestPin(
  deps: BookingDeps,
  actor: AdminActor,
  id: string,
  participantId: string,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  await deps.db.transaction(async (tx) => {
    const a = await repo.lockAppointment(tx, organisationOf(actor), id);
    if (!a) throw new AppError(404);
    await reissueGuestPin(tx, a, participantId, {
      publicUrl: deps.publicUrl,
      sender: deps.sender,
      now,
      actor: { userId: actor.staff.userId, ip: actor.ip },
    });
  });
  return getBooking(deps, actor, id, reads, now);
}

/** Deletes an open timeslot or a cancelled appointment (spec §4: separate from cancelling, confirmed in the UI). */
export async function deleteBooking(deps: BookingDeps, actor: AdminActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const a = await repo.lockAppointment(tx, organisationOf(actor), id);
    if (!a) throw new AppError(404);
    if (a.status !== 'open' && a.status !== 'cancelled')
      throw new AppError(403, { detail: 'cancel a reserved appointment before deleting it' });
    await repo.deleteAppointment(tx, id);
    await audit(tx, actor, 'appointment.delete', id);
  });
}

// ------------------------------------------------------------------------------------------------ settings

const EMPTY_TEXT = { fi: '', se: '', en: '' };

export async function getSettings(deps: BookingDeps, actor: AdminActor): Promise<BookingSettings> {
  const row = await repo.findSettings(deps.db, organisationOf(actor));
  return { infoText: row?.infoText ?? EMPTY_TEXT, reminderEmail: row?.reminderEmail ?? true, reminderSms: row?.reminderSms ?? true };
}

export async function saveSettings(
  deps: BookingDeps,
  actor: AdminActor,
  input: BookingSettings,
  now = new Date(),
): Promise<BookingSettings> {
  const organisationId = organisationOf(actor);
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, { organisationId, ...input, updatedAt: now });
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.staff.userId,
      action: 'bookingSettings.update',
      objectType: 'organisation',
      objectId: organisationId,
      ip: actor.ip,
    });
  });
  return getSettings(deps, actor);
}
