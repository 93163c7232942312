import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts, organisations, patientContacts, patients, services, staffUsers } from '../../db/schema';
import { appointmentParticipants, appointments, bookingSettings } from './booking.tables';

// The reads behind an appointment's notifications (booking-notifications-data.ts), in the caller's transaction so a
// notification queued with a change sees that change.

/** The experts' names, staff e-mail and communication language, for the given expert ids. */
export async function findNoticeExperts(tx: Tx, ids: string[]) {
  return tx
    .select({
      expertId: experts.id,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
      email: staffUsers.email,
      language: experts.communicationLanguage,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(inArray(experts.id, ids));
}

/**
 * The appointment with its organisation's name, its service's name and the organisation's reminder settings (null
 * when it has no settings row); undefined when there is no such appointment.
 */
export async function findNoticeAppointment(tx: Tx, appointmentId: string) {
  const [a] = await tx
    .select({
      id: appointments.id,
      organisationId: appointments.organisationId,
      organisationName: organisations.name,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      name: appointments.name,
      cancelReason: appointments.cancelReason,
      expertId: appointments.expertId,
      hostExpertId: appointments.hostExpertId,
      type: appointments.type,
      calendarSequence: appointments.calendarSequence,
      serviceName: services.name,
      reminderEmail: bookingSettings.reminderEmail,
      reminderSms: bookingSettings.reminderSms,
    })
    .from(appointments)
    .innerJoin(organisations, eq(organisations.id, appointments.organisationId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(bookingSettings, eq(bookingSettings.organisationId, appointments.organisationId))
    .where(eq(appointments.id, appointmentId));
  return a;
}

/**
 * Raises the appointment's iCalendar SEQUENCE by one and returns the new value. The update locks the row until the
 * caller's transaction ends, so two changes at once get different numbers, in the order they commit.
 */
export async function raiseCalendarSequence(tx: Tx, appointmentId: string): Promise<number> {
  const [row] = await tx
    .update(appointments)
    .set({ calendarSequence: sql`${appointments.calendarSequence} + 1` })
    .where(eq(appointments.id, appointmentId))
    .returning({ calendarSequence: appointments.calendarSequence });
  // Called after the appointment was read in the same transaction: it is there.
  if (!row) throw new Error(`appointment ${appointmentId} not found`);
  return row.calendarSequence;
}

/**
 * The appointment's participants in the order they joined, each with a signed-in patient's names from the identity
 * and contact details (null for guests and staff).
 */
export async function findNoticeParticipants(tx: Tx, appointmentId: string) {
  return tx
    .select({
      id: appointmentParticipants.id,
      role: appointmentParticipants.role,
      name: appointmentParticipants.name,
      firstName: appointmentParticipants.firstName,
      lastName: appointmentParticipants.lastName,
      email: appointmentParticipants.email,
      mobile: appointmentParticipants.mobile,
      language: appointmentParticipants.language,
      expertId: appointmentParticipants.expertId,
      givenName: patients.givenName,
      familyName: patients.familyName,
      contactEmail: patientContacts.email,
      contactMobile: patientContacts.mobile,
      remindersByEmail: patients.remindersByEmail,
      remindersBySms: patients.remindersBySms,
    })
    .from(appointmentParticipants)
    .leftJoin(patients, eq(patients.id, appointmentParticipants.patientId))
    .leftJoin(patientContacts, eq(patientContacts.patientId, appointmentParticipants.patientId))
    .where(eq(appointmentParticipants.appointmentId, appointmentId))
    .orderBy(appointmentParticipants.createdAt, appointmentParticipants.id);
}
