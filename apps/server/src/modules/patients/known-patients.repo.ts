import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments, conversations, patientContacts, patients, termsAcceptances } from '../../db/schema';

/**
 * The patient of this identity code hash, with their contact details, only when they are the organisation's: they
 * accepted its terms, take part in its appointments or have a conversation with it. A patient account is the
 * person's own and spans organisations; another organisation's patient is not shown.
 */
export async function findOrganisationPatient(tx: Tx, organisationId: string, ssnHash: string) {
  const one = { one: sql`1` };
  const terms = tx
    .select(one)
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.patientId, patients.id), eq(termsAcceptances.organisationId, organisationId)));
  const appointment = tx
    .select(one)
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .where(and(eq(appointmentParticipants.patientId, patients.id), eq(appointments.organisationId, organisationId)));
  const conversation = tx
    .select(one)
    .from(conversations)
    .where(and(eq(conversations.patientId, patients.id), eq(conversations.organisationId, organisationId)));
  const [row] = await tx
    .select({
      id: patients.id,
      givenName: patients.givenName,
      familyName: patients.familyName,
      email: patientContacts.email,
      mobile: patientContacts.mobile,
    })
    .from(patients)
    .leftJoin(patientContacts, eq(patientContacts.patientId, patients.id))
    .where(and(eq(patients.ssnHash, ssnHash), or(exists(terms), exists(appointment), exists(conversation))))
    .limit(1);
  return row;
}
