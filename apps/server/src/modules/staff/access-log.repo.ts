import { and, asc, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCESS_LOG_MERGE_MINUTES } from '@prsp/contracts';
import { rowsOf, type Tx } from '../../db/client';
import { adminMemberships, apiClients, auditLog, experts, organisations, patients, specializations, staffUsers } from '../../db/schema';

/** One line of a patient's access log as the query groups it (times in epoch milliseconds). */
export type AccessLogLine = {
  actor_type: 'staff' | 'system';
  actor_role: string;
  action: string;
  first_at: number;
  last_at: number;
  n: number;
  first_name: string | null;
  last_name: string | null;
  client_name: string | null;
  organisation_name: string | null;
  organisation_name_se: string | null;
  organisation_name_en: string | null;
  specializations: string[] | null;
};

/**
 * Staff's and API clients' reads of one patient's data (the rows `PatientReads` writes: they carry the reader's role),
 * as lines: the reads of one reader of one object under one action, each within `ACCESS_LOG_MERGE_MINUTES` of the
 * one before, are one line (a run, numbered by a running sum of where a gap starts one). Patients' own actions and
 * staff's changes carry no role and are not here. Through `audit_patient_idx`.
 */
function linesOf(patientId: string): SQL {
  const gap = sql.raw(`interval '${ACCESS_LOG_MERGE_MINUTES} minutes'`);
  return sql`
    with reads as (
      select a.id, a.at, a.actor_type, a.actor_id, a.actor_role, a.organisation_id, a.action, a.object_type, a.object_id,
        case when a.at - lag(a.at) over w <= ${gap} then 0 else 1 end as starts
      from ${auditLog} a
      where a.patient_id = ${patientId} and a.actor_role is not null and a.actor_type in ('staff', 'system')
      window w as (partition by a.actor_type, a.actor_id, a.actor_role, a.organisation_id, a.action, a.object_type, a.object_id
        order by a.at, a.id)
    ), runs as (
      select *, sum(starts) over (partition by actor_type, actor_id, actor_role, organisation_id, action, object_type, object_id
        order by at, id) as run
      from reads
    )
    select actor_type, actor_id, actor_role, organisation_id, action, min(at) as first_at, max(at) as last_at,
      count(*)::int as n, max(id) as last_id
    from runs
    group by actor_type, actor_id, actor_role, organisation_id, action, object_type, object_id, run`;
}

/** A page of a patient's access log, newest first, with the readers' names, organisations and specialisations. */
export async function accessLogPage(tx: Tx, patientId: string, paging: { page: number; pageSize: number }) {
  const [total] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${linesOf(patientId)}) l`));
  const lines = rowsOf<AccessLogLine>(
    await tx.execute(sql`
      select l.actor_type, l.actor_role, l.action, l.n,
        (extract(epoch from l.first_at) * 1000)::float8 as first_at, (extract(epoch from l.last_at) * 1000)::float8 as last_at,
        s.first_name, s.last_name, c.name as client_name,
        o.name as organisation_name, o.name_se as organisation_name_se, o.name_en as organisation_name_en,
        e.specializations
      from (${linesOf(patientId)}) l
      left join ${staffUsers} s on l.actor_type = 'staff' and s.id = l.actor_id
      left join ${apiClients} c on l.actor_type = 'system' and c.id = l.actor_id
      left join ${organisations} o on o.id = l.organisation_id
      left join ${experts} e on l.actor_role = 'expert' and e.user_id = l.actor_id and e.organisation_id = l.organisation_id
      order by l.last_at desc, l.last_id desc
      limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
  );
  return { total: Number(total?.n ?? 0), lines };
}

/** Every specialisation's names (a short list), to put experts' titles in words. */
export function allSpecializations(tx: Tx) {
  return tx.select().from(specializations);
}

/** What an admin's search of the audit log narrows to; the organisation always. */
export type AuditFilter = {
  organisationId: string;
  /** Undefined: no patient filter; null: a code no patient has (finds nothing). */
  patientId?: string | null;
  staffUserId?: string;
  from?: Date;
  to?: Date;
  action?: string;
};

function auditWhere(f: AuditFilter): SQL | undefined {
  if (f.patientId === null) return sql`false`;
  return and(
    eq(auditLog.organisationId, f.organisationId),
    f.patientId ? eq(auditLog.patientId, f.patientId) : undefined,
    f.staffUserId ? and(eq(auditLog.actorType, 'staff'), eq(auditLog.actorId, f.staffUserId)) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
  );
}

/** The patient who did a patient action (`actor_type` patient), beside the patient whose data a row is about. */
const actorPatients = alias(patients, 'actor_patient');

/**
 * Rows of the organisation's audit log matching the filter, newest first, with who did it and whose data it was by
 * name, and an expert's specialisations in the organisation (their titles, as the patient's access log names them).
 */
export async function auditRows(tx: Tx, f: AuditFilter, window: { limit: number; offset: number }) {
  return tx
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorType: auditLog.actorType,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      patientId: auditLog.patientId,
      staffFirstName: staffUsers.firstName,
      staffLastName: staffUsers.lastName,
      specializations: experts.specializations,
      clientName: apiClients.name,
      actorId: auditLog.actorId,
      actorGivenName: actorPatients.givenName,
      actorFamilyName: actorPatients.familyName,
      patientGivenName: patients.givenName,
      patientFamilyName: patients.familyName,
    })
    .from(auditLog)
    .leftJoin(staffUsers, and(eq(auditLog.actorType, 'staff'), eq(staffUsers.id, auditLog.actorId)))
    .leftJoin(
      experts,
      and(eq(auditLog.actorRole, 'expert'), eq(experts.userId, auditLog.actorId), eq(experts.organisationId, auditLog.organisationId)),
    )
    .leftJoin(apiClients, and(eq(auditLog.actorType, 'system'), eq(apiClients.id, auditLog.actorId)))
    .leftJoin(actorPatients, and(eq(auditLog.actorType, 'patient'), eq(actorPatients.id, auditLog.actorId)))
    .leftJoin(patients, eq(patients.id, auditLog.patientId))
    .where(auditWhere(f))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countAuditRows(tx: Tx, f: AuditFilter): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(auditLog).where(auditWhere(f));
  return row?.n ?? 0;
}

/** The patient of an identity code's keyed hash, if any patient has it. */
export async function patientIdByHash(tx: Tx, ssnHash: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.ssnHash, ssnHash)).limit(1);
  return row?.id;
}

/** The organisation's staff: its experts and its admins, by name, for the search's select. */
export async function organisationStaff(tx: Tx, organisationId: string) {
  return tx
    .selectDistinct({ id: staffUsers.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(staffUsers)
    .leftJoin(experts, and(eq(experts.userId, staffUsers.id), eq(experts.organisationId, organisationId)))
    .leftJoin(adminMemberships, and(eq(adminMemberships.userId, staffUsers.id), eq(adminMemberships.organisationId, organisationId)))
    .where(or(isNotNull(experts.id), isNotNull(adminMemberships.userId)))
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(staffUsers.id));
}

/** The actions the organisation's log holds, for the search's select. */
export async function organisationActions(tx: Tx, organisationId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.organisationId, organisationId))
    .orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}
