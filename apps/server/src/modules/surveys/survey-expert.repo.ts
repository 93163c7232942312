import { and, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import {
  appointmentParticipants,
  appointments,
  experts,
  organisations,
  patientContacts,
  patients,
  staffUsers,
  surveyResponses,
  surveyTemplateVersions,
} from '../../db/schema';

/** The most rows one list answers: the newest. */
const LIST_LIMIT = 500;

const forwardedExpert = alias(experts, 'forwarded_expert');
const forwardedUser = alias(staffUsers, 'forwarded_user');

/**
 * Who sees a response in the expert app: a response of the expert's organisation that they sent or read first, that
 * was forwarded to them, or that belongs to an appointment they are the expert or host of.
 */
export function visibleToExpert(expert: { id: string; organisationId: string }): SQL {
  return and(
    eq(surveyResponses.organisationId, expert.organisationId),
    or(
      eq(surveyResponses.expertId, expert.id),
      eq(surveyResponses.forwardedToExpertId, expert.id),
      eq(appointments.expertId, expert.id),
      eq(appointments.hostExpertId, expert.id),
    ),
  )!;
}

export type ListFilter = {
  appointmentIds?: readonly string[];
  responseId?: string;
  state?: 'open' | 'answered';
  /** Only responses forwarded to this expert. */
  forwardedTo?: string;
};

/** Responses under `where` (a visibility rule) and the filter, newest first, with what the lists show. */
export function listResponses(tx: Tx, where: SQL, filter: ListFilter = {}) {
  return tx
    .select({
      id: surveyResponses.id,
      patientId: surveyResponses.patientId,
      organisationId: surveyResponses.organisationId,
      surveyName: surveyResponses.surveyName,
      givenName: patients.givenName,
      familyName: patients.familyName,
      appointmentId: appointments.id,
      appointmentName: appointments.name,
      appointmentStartsAt: appointments.startsAt,
      createdAt: surveyResponses.createdAt,
      respondedAt: surveyResponses.respondedAt,
      closedAt: surveyResponses.closedAt,
      forwardedToExpertId: surveyResponses.forwardedToExpertId,
      forwardedFirst: forwardedUser.firstName,
      forwardedLast: forwardedUser.lastName,
      forwardedAt: surveyResponses.forwardedAt,
      lastReminderAt: surveyResponses.lastReminderAt,
      // Read only to flag red-flag answers (the list shows no answers).
      answers: surveyResponses.answers,
      questions: surveyTemplateVersions.questions,
    })
    .from(surveyResponses)
    .innerJoin(patients, eq(patients.id, surveyResponses.patientId))
    .leftJoin(appointments, eq(appointments.id, surveyResponses.appointmentId))
    .leftJoin(surveyTemplateVersions, eq(surveyTemplateVersions.id, surveyResponses.templateVersionId))
    .leftJoin(forwardedExpert, eq(forwardedExpert.id, surveyResponses.forwardedToExpertId))
    .leftJoin(forwardedUser, eq(forwardedUser.id, forwardedExpert.userId))
    .where(
      and(
        where,
        filter.appointmentIds ? inArray(surveyResponses.appointmentId, [...filter.appointmentIds]) : undefined,
        filter.responseId ? eq(surveyResponses.id, filter.responseId) : undefined,
        filter.state === 'open' ? isNull(surveyResponses.respondedAt) : undefined,
        filter.state === 'answered' ? isNotNull(surveyResponses.respondedAt) : undefined,
        filter.forwardedTo ? eq(surveyResponses.forwardedToExpertId, filter.forwardedTo) : undefined,
      ),
    )
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(LIST_LIMIT);
}

export type ListedResponse = Awaited<ReturnType<typeof listResponses>>[number];

/** One response under a visibility rule (another's: undefined), locked when `lock`. */
export async function responseWhere(tx: Tx, responseId: string, where: SQL, lock = false) {
  const query = tx
    .select({ response: surveyResponses })
    .from(surveyResponses)
    .leftJoin(appointments, eq(appointments.id, surveyResponses.appointmentId))
    .where(and(eq(surveyResponses.id, responseId), where));
  const [row] = await (lock ? query.for('update', { of: surveyResponses }) : query);
  return row?.response;
}

/** A response of the organisation (an admin's reach), locked for the rest of the transaction when `lock`. */
export function responseInOrganisation(tx: Tx, responseId: string, organisationId: string, lock = false) {
  return responseWhere(tx, responseId, eq(surveyResponses.organisationId, organisationId), lock);
}

export type ResponseRow = typeof surveyResponses.$inferSelect;

export async function updateResponse(
  tx: Tx,
  responseId: string,
  set: Partial<Pick<ResponseRow, 'forwardedToExpertId' | 'forwardedAt' | 'lastReminderAt'>>,
) {
  await tx.update(surveyResponses).set(set).where(eq(surveyResponses.id, responseId));
}

/** An expert of the organisation with their name and address (forwarding's target), or undefined. */
export async function expertOfOrganisation(tx: Tx, organisationId: string, expertId: string) {
  const [row] = await tx
    .select({
      id: experts.id,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
      email: staffUsers.email,
      language: staffUsers.language,
      active: staffUsers.active,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.id, expertId), eq(experts.organisationId, organisationId)));
  return row;
}

/** The organisation's experts with an active account, but `except`, by name. */
export function expertsOfOrganisation(tx: Tx, organisationId: string, except?: string) {
  return tx
    .select({ id: experts.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.organisationId, organisationId), eq(staffUsers.active, true), except ? ne(experts.id, except) : undefined))
    .orderBy(staffUsers.lastName, staffUsers.firstName);
}

/**
 * Where a reminder goes: the patient's language and contact details, and the addresses the booking of the
 * response's appointment gave for them (used when the patient has left none of their own).
 */
export async function reminderAddresses(tx: Tx, response: Pick<ResponseRow, 'patientId' | 'appointmentId' | 'organisationId'>) {
  const [row] = await tx
    .select({
      givenName: patients.givenName,
      familyName: patients.familyName,
      lang: patients.lang,
      email: patientContacts.email,
      mobile: patientContacts.mobile,
      organisationName: organisations.name,
      organisationNameSe: organisations.nameSe,
      organisationNameEn: organisations.nameEn,
    })
    .from(patients)
    .leftJoin(patientContacts, eq(patientContacts.patientId, patients.id))
    .innerJoin(organisations, eq(organisations.id, response.organisationId))
    .where(eq(patients.id, response.patientId));
  if (!row) return undefined;
  const [booked] = response.appointmentId
    ? await tx
        .select({
          email: appointmentParticipants.email,
          mobile: appointmentParticipants.mobile,
          language: appointmentParticipants.language,
        })
        .from(appointmentParticipants)
        .where(
          and(eq(appointmentParticipants.appointmentId, response.appointmentId), eq(appointmentParticipants.patientId, response.patientId)),
        )
    : [];
  return { ...row, booked };
}

/** What the answers PDF shows: the response, the version asked, the patient and the organisation. */
export async function pdfSource(tx: Tx, responseId: string) {
  const [row] = await tx
    .select({
      response: surveyResponses,
      version: {
        version: surveyTemplateVersions.version,
        name: surveyTemplateVersions.name,
        questions: surveyTemplateVersions.questions,
      },
      patient: { givenName: patients.givenName, familyName: patients.familyName, ssnEncrypted: patients.ssnEncrypted },
      organisation: { name: organisations.name, nameSe: organisations.nameSe, nameEn: organisations.nameEn },
    })
    .from(surveyResponses)
    .innerJoin(patients, eq(patients.id, surveyResponses.patientId))
    .innerJoin(organisations, eq(organisations.id, surveyResponses.organisationId))
    .leftJoin(surveyTemplateVersions, eq(surveyTemplateVersions.id, surveyResponses.templateVersionId))
    .where(eq(surveyResponses.id, responseId));
  return row;
}
