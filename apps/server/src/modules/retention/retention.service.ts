import type { Db, Tx } from '../../db/client';
import type { RetentionDays } from '../../db/schema';
import { recordAudit } from '../../platform/audit/audit';
import * as repo from './retention.repo';
import { isExpired, retentionCutoff } from './retention-rules';

/** Any fixed number, distinct from the migration lock: one instance at a time runs retention. */
const RETENTION_LOCK = 7_420_021;

export type RetentionCounts = {
  appointments: number;
  surveyResponses: number;
  patientContacts: number;
  adminAuditRows: number;
  admins: number;
  usersDeleted: number;
  expertAuditRows: number;
  experts: number;
};

/** Audit rows of the organisation's admins or experts before the cut-off, and those idle since it lose their place. */
async function pruneStaff(tx: Tx, organisationId: string, kind: 'admin' | 'expert', cutoff: Date) {
  const members = await repo.staffOf(tx, organisationId, kind);
  const auditRows = await repo.deleteStaffAuditBefore(
    tx,
    members.map((m) => m.userId),
    cutoff,
  );
  const idle = members.filter((m) => isExpired(m.lastActive, cutoff));
  let usersDeleted = 0;
  for (const { userId } of idle) {
    await repo.deletePlace(tx, organisationId, userId, kind);
    if (await repo.deleteUserIfPlaceless(tx, userId)) usersDeleted++;
  }
  return { auditRows, removed: idle.length, usersDeleted };
}

/** Deletes what one organisation's retention settings say is old, and records the counts. */
async function applyRetention(tx: Tx, organisationId: string, retention: RetentionDays, now: Date): Promise<RetentionCounts> {
  const counts: RetentionCounts = {
    appointments: 0,
    surveyResponses: 0,
    patientContacts: 0,
    adminAuditRows: 0,
    admins: 0,
    usersDeleted: 0,
    expertAuditRows: 0,
    experts: 0,
  };
  const patientCutoff = retentionCutoff(now, retention.patientDays);
  if (patientCutoff) {
    counts.appointments = await repo.deleteAppointmentsBefore(tx, organisationId, patientCutoff);
    counts.surveyResponses = await repo.deleteSurveyResponsesBefore(tx, organisationId, patientCutoff);
    counts.patientContacts = await repo.deleteIdlePatientContacts(tx, organisationId, patientCutoff);
  }
  const adminCutoff = retentionCutoff(now, retention.adminDays);
  if (adminCutoff) {
    const r = await pruneStaff(tx, organisationId, 'admin', adminCutoff);
    counts.adminAuditRows = r.auditRows;
    counts.admins = r.removed;
    counts.usersDeleted += r.usersDeleted;
  }
  const expertCutoff = retentionCutoff(now, retention.expertDays);
  if (expertCutoff) {
    const r = await pruneStaff(tx, organisationId, 'expert', expertCutoff);
    counts.expertAuditRows = r.auditRows;
    counts.experts = r.removed;
    counts.usersDeleted += r.usersDeleted;
  }
  await recordAudit(tx, {
    actorType: 'system',
    action: 'retention.run',
    objectType: 'organisation',
    objectId: organisationId,
    details: counts,
  });
  return counts;
}

export type RetentionRun = { ran: boolean; organisations: { organisationId: string; counts: RetentionCounts }[] };

/**
 * Runs retention for every organisation that has a limit, in one transaction under an advisory lock: a run started
 * while another holds the lock (a run by hand beside the nightly job) skips. The nightly schedule is the job runner's
 * (retention.job.ts: once a day across all instances).
 */
export async function runRetention(db: Db, opts: { now?: Date } = {}): Promise<RetentionRun> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await repo.tryJobLock(tx, RETENTION_LOCK))) return { ran: false, organisations: [] };
    const done: RetentionRun['organisations'] = [];
    for (const org of await repo.organisationsWithRetention(tx)) {
      const { patientDays, adminDays, expertDays } = org.retention;
      if (patientDays === null && adminDays === null && expertDays === null) continue;
      done.push({ organisationId: org.id, counts: await applyRetention(tx, org.id, org.retention, now) });
    }
    return { ran: true, organisations: done };
  });
}
