import { eq, inArray } from 'drizzle-orm';
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
