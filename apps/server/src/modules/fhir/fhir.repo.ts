import { and, asc, count, eq, exists, gte, inArray, isNotNull, lt, ne, or, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Localized } from '@prsp/contracts';
import type { Db } from '../../db/client';
import {
  appointmentParticipants,
  appointments,
  experts,
  patients,
  services,
  specializations,
  staffUsers,
  surveyResponses,
  surveyTemplateVersions,
  termsAcceptances,
} from '../../db/schema';
import type { DateRange } from './fhir-search';

/**
 * The FHIR API's queries, each scoped to one organisation: an object of another organisation is never found. Every
 * filter is optional; `ids` empty (not absent) matches nothing.
 */
export type Page = { count: number; offset: number };
export type Found<T> = { rows: T[]; total: number };

export const none = sql`false`;

export function dateSql(column: PgColumn | SQL, range: DateRange | null | undefined): SQL[] {
  if (!range) return [];
  // An expression (an Encounter's period start) has no column type to bind a Date with: the instant is cast instead.
  const at = (instant: Date) => (column instanceof SQL ? sql`${instant.toISOString()}::timestamptz` : instant);
  const out: SQL[] = [];
  if (range.from) out.push(gte(column as PgColumn, at(range.from)));
  if (range.to) out.push(lt(column as PgColumn, at(range.to)));
  return out;
}

export function idsSql(column: PgColumn, ids: string[] | null | undefined): SQL[] {
  if (!ids) return [];
  return [ids.length ? inArray(column, ids) : none];
}

async function page<T>(
  db: Db,
  where: SQL | undefined,
  table: Parameters<ReturnType<Db['select']>['from']>[0],
  rows: () => Promise<T[]>,
): Promise<Found<T>> {
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows: await rows(), total: total?.n ?? 0 };
}

export type AppointmentFilter = {
  ids?: string[] | null;
  date?: DateRange | null;
  patientIds?: string[] | null;
  practitionerIds?: string[] | null;
  lastUpdated?: DateRange | null;
};

/** Appointments (reserved or cancelled; open ones are Slots) with their service's name. */
export async function findAppointments(db: Db, organisationId: string, f: AppointmentFilter, p: Page) {
  const conditions: SQL[] = [
    eq(appointments.organisationId, organisationId),
    ne(appointments.status, 'open'),
    ...idsSql(appointments.id, f.ids),
    ...dateSql(appointments.startsAt, f.date),
    ...dateSql(appointments.updatedAt, f.lastUpdated),
  ];
  if (f.patientIds) {
    const participant = db
      .select({ one: sql`1` })
      .from(appointmentParticipants)
      .where(
        and(
          eq(appointmentParticipants.appointmentId, appointments.id),
          f.patientIds.length ? inArray(appointmentParticipants.patientId, f.patientIds) : none,
        ),
      );
    conditions.push(exists(participant));
  }
  if (f.practitionerIds) {
    const ids = f.practitionerIds;
    const participant = db
      .select({ one: sql`1` })
      .from(appointmentParticipants)
      .where(
        and(eq(appointmentParticipants.appointmentId, appointments.id), ids.length ? inArray(appointmentParticipants.expertId, ids) : none),
      );
    conditions.push(
      ids.length ? or(inArray(appointments.expertId, ids), inArray(appointments.hostExpertId, ids), exists(participant))! : none,
    );
  }
  const where = and(...conditions);
  return page(db, where, appointments, () =>
    db
      .select({
        id: appointments.id,
        expertId: appointments.expertId,
        hostExpertId: appointments.hostExpertId,
        name: appointments.name,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        type: appointments.type,
        status: appointments.status,
        heldAt: appointments.heldAt,
        noShowAt: appointments.noShowAt,
        bookedAt: appointments.bookedAt,
        createdAt: appointments.createdAt,
        serviceName: services.name,
        version: appointments.version,
        updatedAt: appointments.updatedAt,
      })
      .from(appointments)
      .leftJoin(services, eq(services.id, appointments.serviceId))
      .where(where)
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(p.count)
      .offset(p.offset),
  );
}

/** The patients and experts taking part in the appointments (guests have no FHIR resource here). */
export async function participantsOf(db: Db, appointmentIds: string[]) {
  if (!appointmentIds.length) return [];
  return db
    .select({
      appointmentId: appointmentParticipants.appointmentId,
      patientId: appointmentParticipants.patientId,
      expertId: appointmentParticipants.expertId,
    })
    .from(appointmentParticipants)
    .where(
      and(inArray(appointmentParticipants.appointmentId, appointmentIds), inArray(appointmentParticipants.role, ['patient', 'expert'])),
    );
}

export type SlotFilter = { ids?: string[] | null; start?: DateRange | null; scheduleIds?: string[] | null; lastUpdated?: DateRange | null };

/** Open timeslots of the organisation's experts: each expert's Schedule is the expert's id. */
export async function findSlots(db: Db, organisationId: string, f: SlotFilter, p: Page) {
  const where = and(
    eq(appointments.organisationId, organisationId),
    eq(appointments.status, 'open'),
    isNotNull(appointments.expertId),
    ...idsSql(appointments.id, f.ids),
    ...idsSql(appointments.expertId, f.scheduleIds),
    ...dateSql(appointments.startsAt, f.start),
    ...dateSql(appointments.updatedAt, f.lastUpdated),
  );
  return page(db, where, appointments, () =>
    db
      .select({
        id: appointments.id,
        expertId: appointments.expertId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        serviceName: services.name,
        version: appointments.version,
        updatedAt: appointments.updatedAt,
      })
      .from(appointments)
      .leftJoin(services, eq(services.id, appointments.serviceId))
      .where(where)
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(p.count)
      .offset(p.offset),
  );
}

/** The organisation's experts with their names and whether their account is active: Practitioners and Schedules. */
export type ExpertFilter = { ids?: string[] | null; lastUpdated?: DateRange | null };

export async function findExperts(db: Db, organisationId: string, f: ExpertFilter, p: Page) {
  const where = and(eq(experts.organisationId, organisationId), ...idsSql(experts.id, f.ids), ...dateSql(experts.updatedAt, f.lastUpdated));
  return page(db, where, experts, () =>
    db
      .select({
        id: experts.id,
        firstName: staffUsers.firstName,
        lastName: staffUsers.lastName,
        active: staffUsers.active,
        language: experts.communicationLanguage,
        specializations: experts.specializations,
        version: experts.version,
        updatedAt: experts.updatedAt,
      })
      .from(experts)
      .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
      .where(where)
      .orderBy(asc(staffUsers.lastName), asc(experts.id))
      .limit(p.count)
      .offset(p.offset),
  );
}

/**
 * The organisation's patients: those who accepted its terms, take part in its appointments or were sent its surveys.
 * A patient account is the person's own and spans organisations, so this is what makes one the organisation's.
 */
function patientOfOrganisation(db: Db, organisationId: string): SQL {
  const terms = db
    .select({ one: sql`1` })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.patientId, patients.id), eq(termsAcceptances.organisationId, organisationId)));
  const appointment = db
    .select({ one: sql`1` })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .where(and(eq(appointmentParticipants.patientId, patients.id), eq(appointments.organisationId, organisationId)));
  const survey = db
    .select({ one: sql`1` })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.patientId, patients.id), eq(surveyResponses.organisationId, organisationId)));
  return or(exists(terms), exists(appointment), exists(survey))!;
}

export type PatientFilter = { ids?: string[] | null; ssnHashes?: string[] | null; lastUpdated?: DateRange | null };

export async function findPatients(db: Db, organisationId: string, f: PatientFilter, p: Page) {
  const where = and(
    patientOfOrganisation(db, organisationId),
    ...idsSql(patients.id, f.ids),
    ...idsSql(patients.ssnHash, f.ssnHashes),
    ...dateSql(patients.updatedAt, f.lastUpdated),
  );
  return page(db, where, patients, () =>
    db
      .select({
        id: patients.id,
        givenName: patients.givenName,
        familyName: patients.familyName,
        ssnEncrypted: patients.ssnEncrypted,
        lang: patients.lang,
        version: patients.version,
        updatedAt: patients.updatedAt,
      })
      .from(patients)
      .where(where)
      .orderBy(asc(patients.familyName), asc(patients.id))
      .limit(p.count)
      .offset(p.offset),
  );
}

export type ResponseFilter = {
  ids?: string[] | null;
  patientIds?: string[] | null;
  authored?: DateRange | null;
  lastUpdated?: DateRange | null;
};

/** Survey responses sent by the organisation, with the questions of the version asked. */
export async function findResponses(db: Db, organisationId: string, f: ResponseFilter, p: Page) {
  const where = and(
    eq(surveyResponses.organisationId, organisationId),
    ...idsSql(surveyResponses.id, f.ids),
    ...idsSql(surveyResponses.patientId, f.patientIds),
    ...dateSql(surveyResponses.respondedAt, f.authored),
    ...dateSql(surveyResponses.updatedAt, f.lastUpdated),
  );
  return page(db, where, surveyResponses, () =>
    db
      .select({
        id: surveyResponses.id,
        patientId: surveyResponses.patientId,
        expertId: surveyResponses.expertId,
        templateVersionId: surveyResponses.templateVersionId,
        answers: surveyResponses.answers,
        language: surveyResponses.language,
        respondedAt: surveyResponses.respondedAt,
        closedAt: surveyResponses.closedAt,
        questions: surveyTemplateVersions.questions,
        version: surveyResponses.version,
        updatedAt: surveyResponses.updatedAt,
      })
      .from(surveyResponses)
      .leftJoin(surveyTemplateVersions, eq(surveyTemplateVersions.id, surveyResponses.templateVersionId))
      .where(where)
      .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id))
      .limit(p.count)
      .offset(p.offset),
  );
}

/** The names of the specialisations with these slugs (those still in the list). */
export async function specializationNames(db: Db, slugs: string[]): Promise<Map<string, Localized>> {
  if (!slugs.length) return new Map();
  const rows = await db
    .select()
    .from(specializations)
    .where(inArray(specializations.id, [...new Set(slugs)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
