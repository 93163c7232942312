import type { AppointmentDetail, AppointmentKind, AppointmentRow, Language, Participant } from '@prsp/contracts';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { readsOf, type PatientRead, type PatientReads } from '../../platform/audit/patient-reads';
import type { Tx } from '../../db/client';
import { identityCodeOf } from '../patients/patients.service';
import * as repo from './booking.repo';
import { appointmentSurveysOf } from '../surveys/survey-attachments.service';
import { visitOf } from './booking-visits.service';

const MINUTE = 60_000;

export const minutesOf = (a: Pick<repo.AppointmentRecord, 'startsAt' | 'endsAt'>) =>
  Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / MINUTE);

/** The admin's two kinds: a one-to-one (also the chat's `basic`) or a group (also `group-video`). */
export const kindOf = (type: repo.AppointmentRecord['type']): AppointmentKind =>
  type === 'oneOnOne' || type === 'basic' ? 'oneOnOne' : 'group';

/** Whether the appointment is held by video: `basic` (a one-to-one video) or `group-video`. */
export const isVideo = (type: repo.AppointmentRecord['type']): boolean => type === 'basic' || type === 'group-video';

/** The stored type of the admin's kind with or without video (spec §3: oneOnOne, group, basic, group-video). */
export function appointmentType(kind: AppointmentKind, video: boolean): repo.AppointmentRecord['type'] {
  if (kind === 'oneOnOne') return video ? 'basic' : 'oneOnOne';
  return video ? 'group-video' : 'group';
}

export function toRow(r: repo.ListedRow): AppointmentRow {
  const a = r.appointment;
  return {
    id: a.id,
    kind: kindOf(a.type),
    status: a.status,
    name: a.name,
    startTime: a.startsAt.getTime(),
    endTime: a.endsAt.getTime(),
    duration: minutesOf(a),
    expert: { id: a.expertId ?? '', name: [r.expertFirstName, r.expertLastName].filter(Boolean).join(' ') },
    service: a.serviceId && r.serviceName ? { id: a.serviceId, name: r.serviceName } : null,
    patientName: r.patientName,
    participantCount: Number(r.participantCount),
    heldUntil: r.heldUntil ? new Date(r.heldUntil).getTime() : null,
    video: isVideo(a.type),
    visit: visitOf(a),
    cancelReason: a.status === 'cancelled' ? a.cancelReason : null,
  };
}

/** What a list of appointments shows of patients: each row's (first) patient, for the audit of the read. */
export function rowReads(rows: readonly repo.ListedRow[]): PatientRead[] {
  return rows.flatMap((r) =>
    readsOf([r.patientId], { organisationId: r.appointment.organisationId, objectType: 'appointment', objectId: r.appointment.id }),
  );
}

/**
 * One appointment with its people and answers; identity codes decrypted for the staff allowed to see them. Every
 * patient in it is named to `reads` (the audit of the read).
 */
export async function toDetail(
  tx: Tx,
  cipher: FieldCipher,
  row: repo.ListedRow,
  reads: PatientReads,
  now = new Date(),
): Promise<AppointmentDetail> {
  const a = row.appointment;
  const people = await repo.participantsOf(tx, a.id);
  reads.show(
    readsOf(
      people.map(({ participant }) => participant.patientId),
      { organisationId: a.organisationId, objectType: 'appointment', objectId: a.id },
    ),
  );
  const participants: Participant[] = people.map(({ participant: p, ssnEncrypted }) => ({
    id: p.id,
    role: p.role,
    name: p.name,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    language: p.language as Language,
    ssn: p.role === 'patient' && ssnEncrypted ? identityCodeOf(cipher, { ssnEncrypted }) : null,
    nationality: p.nationality,
    expertId: p.expertId,
    patientId: p.patientId,
    // The organiser sees a guest locked out by wrong PINs, and can send them a new one.
    pinLockedUntil: p.role === 'guest' && p.pinLockedUntil && p.pinLockedUntil > now ? p.pinLockedUntil.getTime() : null,
  }));
  return {
    ...toRow(row),
    hostExpertId: a.hostExpertId,
    participants,
    preQuestionnaire: a.preQuestionnaire ?? [],
    queueId: a.queueId,
    cancelledAt: a.cancelledAt?.getTime() ?? null,
    attachedSurveys: await appointmentSurveysOf(tx, a.id),
  };
}

/** The list row of one appointment, within an organisation when one is named. */
export async function rowById(tx: Tx, id: string, now: Date, organisationId?: string): Promise<repo.ListedRow | undefined> {
  const [row] = await repo.listRows(tx, { id, organisationId }, { now, limit: 1, offset: 0 });
  return row;
}
