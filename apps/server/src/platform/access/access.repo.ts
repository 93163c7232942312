import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db, type Tx } from '../../db/client';
import {
  adminMemberships,
  apiClients,
  organisations,
  surveyTokens,
  appointmentParticipants,
  guestSessions,
  patients,
  staffUsers,
  termsAcceptances,
} from '../../db/schema';

// The reads of the access loaders (staff-, patient-, guest- and api-client-access.ts): one per request, so each is
// one indexed lookup of exactly the columns the rule needs.

/** Whether a member of staff may still act at all, and whether as a global admin; undefined: no such user. */
export async function findStaffStanding(db: Db, userId: string) {
  const [user] = await db
    .select({ isGlobalAdmin: staffUsers.isGlobalAdmin, active: staffUsers.active, locked: staffUsers.locked })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId))
    .limit(1);
  return user;
}

/** The admin's rights preset (and custom rights) in one organisation; undefined: not an admin there. */
export async function findAdminMembership(db: Db, userId: string, organisationId: string) {
  const [membership] = await db
    .select({ preset: adminMemberships.preset, rights: adminMemberships.rights })
    .from(adminMemberships)
    .where(and(eq(adminMemberships.userId, userId), eq(adminMemberships.organisationId, organisationId)))
    .limit(1);
  return membership;
}

/** The API client an access token names, read on every request so that revoking it refuses its tokens at once. */
export async function findApiClientByClientId(db: Db, clientId: string) {
  const [client] = await db
    .select({
      id: apiClients.id,
      clientId: apiClients.clientId,
      organisationId: apiClients.organisationId,
      revokedAt: apiClients.revokedAt,
      scopes: apiClients.scopes,
    })
    .from(apiClients)
    .where(eq(apiClients.clientId, clientId))
    .limit(1);
  return client;
}

// The terms of the organisation the patient chose, if they accepted them.
const termsOfTheChoice = and(
  eq(termsAcceptances.patientId, patients.id),
  eq(termsAcceptances.organisationId, patients.selectedOrganisationId),
);

/**
 * The two reads of the patient loader (platform/access/patient-access.ts), made on every patient request the read-model
 * cache does not answer: prepared once per database, not built each time.
 */
const patientChoice = preparedPerDatabase((db) =>
  db
    .select({ organisationId: patients.selectedOrganisationId, termsAcceptedAt: termsAcceptances.acceptedAt })
    .from(patients)
    .leftJoin(termsAcceptances, termsOfTheChoice)
    .where(eq(patients.id, sql.placeholder('patientId')))
    .limit(1)
    .prepare('patient_choice'),
);

const patientChoiceWithOrganisation = preparedPerDatabase((db) =>
  db
    .select({ organisationId: patients.selectedOrganisationId, termsAcceptedAt: termsAcceptances.acceptedAt, organisation: organisations })
    .from(patients)
    .leftJoin(termsAcceptances, termsOfTheChoice)
    .leftJoin(organisations, eq(organisations.id, patients.selectedOrganisationId))
    .where(eq(patients.id, sql.placeholder('patientId')))
    .limit(1)
    .prepare('patient_choice_with_organisation'),
);

/** The patient's selected organisation and when they accepted its terms (null: not yet), or undefined: no such patient. */
export async function findPatientChoice(db: Db, patientId: string) {
  const [row] = await patientChoice(db).execute({ patientId });
  return row;
}

/**
 * The patient's choice and the chosen organisation's row in one statement: the patient loader's read when it does
 * not go through the read-model cache (two round trips were one more than the rule needs on every patient request).
 * Undefined: no such patient; `organisation` null: none chosen.
 */
export async function findPatientChoiceWithOrganisation(db: Db, patientId: string) {
  const [row] = await patientChoiceWithOrganisation(db).execute({ patientId });
  return row;
}

/** Stores a guest session by its token's hash (the token itself is never stored). */
export async function insertGuestSession(tx: Tx, values: typeof guestSessions.$inferInsert): Promise<void> {
  await tx.insert(guestSessions).values(values);
}

/** The guest a token hash names while its session lives, with the participant's name; undefined otherwise. */
export async function findLiveGuestSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ participantId: guestSessions.participantId, appointmentId: guestSessions.appointmentId, name: appointmentParticipants.name })
    .from(guestSessions)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.id, guestSessions.participantId))
    .where(and(eq(guestSessions.tokenHash, tokenHash), gt(guestSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export type OrganisationRow = typeof organisations.$inferSelect;

/** The organisation a patient session selected (its id is a uuid: the caller checked). */
export async function findOrganisationRow(tx: Tx, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

/** The grant of the survey-frame token with this hash while it is neither expired nor used; undefined otherwise. */
export async function findLiveSurveyToken(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select({
      tokenId: surveyTokens.id,
      responseId: surveyTokens.responseId,
      audience: surveyTokens.audience,
      patientId: surveyTokens.patientId,
      expertId: surveyTokens.expertId,
      language: surveyTokens.language,
    })
    .from(surveyTokens)
    .where(and(eq(surveyTokens.tokenHash, tokenHash), gt(surveyTokens.expiresAt, now), isNull(surveyTokens.usedAt)));
  return row;
}
