import type { Db, Tx } from '../../db/client';
import type { RetentionDays } from '../../db/schema';
import { recordAudit } from '../../platform/audit/audit';
import * as repo from './retention.repo';
import { deleteAppointmentsBefore } from '../booking/booking-retention.service';
import { deleteChatsBefore } from '../chat/chat-retention.service';
import { deleteConversationsBefore } from '../messaging/messaging-retention.service';
import { deleteIdlePatientContacts } from '../patients/patient-retention.service';
import { deleteUserIfPlaceless, deletePlace, staffOf } from '../staff/staff-retention.service';
import { deleteSurveyResponsesBefore } from '../surveys/survey-retention.service';
import { deleteStaffAuditBefore } from '../../platform/audit/audit-retention.service';
import { isExpired, retentionCutoff } from './retention-rules';
import { historySince } from '../chat/chat-history.service';

/** Any fixed number, distinct from the migration lock: one instance at a time runs retention. */
const RETENTION_LOCK = 7_420_021;

export type RetentionCounts = {
  chats: number;
  conversations: number;
  appointments: number;
  surveyResponses: number;
  patientContacts: number;
  adminAuditRows: number;
  admins: number;
  usersDeleted: number;
  expertAuditRows: number;
  experts: number;
};

const NOTHING: RetentionCounts = {
  chats: 0,
  conversations: 0,
  appointments: 0,
  surveyResponses: 0,
  patientContacts: 0,
  adminAuditRows: 0,
  admins: 0,
  usersDeleted: 0,
  expertAuditRows: 0,
  experts: 0,
};

/** Audit rows of the organisation's admins or experts before the cut-off, and those idle since it lose their place. */
async function pruneStaff(tx: Tx, organisationId: string, kind: 'admin' | 'expert', cutoff: Date) {
  const members = await staffOf(tx, organisationId, kind);
  const auditRows = await deleteStaffAuditBefore(
    tx,
    members.map((m) => m.userId),
    cutoff,
  );
  const idle = members.filter((m) => isExpired(m.lastActive, cutoff));
  let usersDeleted = 0;
  for (const { userId } of idle) {
    await deletePlace(tx, organisationId, userId, kind);
    if (await deleteUserIfPlaceless(tx, userId)) usersDeleted++;
  }
  return { auditRows, removed: idle.length, usersDeleted };
}

/**
 * Deletes what one organisation's retention settings say is old, and records the counts; deleted files' keys are
 * added to `fileKeys`, for the bytes to be removed once the transaction has committed.
 */
async function applyRetention(
  tx: Tx,
  organisationId: string,
  retention: RetentionDays,
  now: Date,
  fileKeys: string[],
): Promise<RetentionCounts> {
  const counts: RetentionCounts = { ...NOTHING };
  counts.chats = await purgeChats(tx, organisationId, retention.patientDays, now, fileKeys);
  const patientCutoff = retentionCutoff(now, retention.patientDays);
  if (patientCutoff) {
    const conversations = await deleteConversationsBefore(tx, organisationId, patientCutoff);
    counts.conversations = conversations.conversations;
    fileKeys.push(...conversations.fileKeys);
    counts.appointments = await deleteAppointmentsBefore(tx, organisationId, patientCutoff);
    counts.surveyResponses = await deleteSurveyResponsesBefore(tx, organisationId, patientCutoff);
    counts.patientContacts = await deleteIdlePatientContacts(tx, organisationId, patientCutoff);
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
  return recordRun(tx, organisationId, counts);
}

async function recordRun(tx: Tx, organisationId: string, counts: RetentionCounts): Promise<RetentionCounts> {
  await recordAudit(tx, {
    actorType: 'system',
    action: 'retention.run',
    objectType: 'organisation',
    objectId: organisationId,
    details: counts,
  });
  return counts;
}

/** Chat history goes after 90 days (spec §9), or the patient retention when shorter; its files' keys join `fileKeys`. */
async function purgeChats(tx: Tx, organisationId: string, patientDays: number | null, now: Date, fileKeys: string[]): Promise<number> {
  const gone = await deleteChatsBefore(tx, organisationId, historySince(now, patientDays));
  fileKeys.push(...gone.fileKeys);
  return gone.chats;
}

export type RetentionRun = {
  ran: boolean;
  organisations: { organisationId: string; counts: RetentionCounts }[];
  /** File-store keys of deleted files, to remove after the commit. */
  fileKeys: string[];
};

/**
 * Runs retention for every organisation that has a limit, in one transaction under an advisory lock: a run started
 * while another holds the lock (a run by hand beside the nightly job) skips. The nightly schedule is the job runner's
 * (retention.job.ts: once a day across all instances).
 */
export async function runRetention(db: Db, opts: { now?: Date } = {}): Promise<RetentionRun> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await repo.tryJobLock(tx, RETENTION_LOCK))) return { ran: false, organisations: [], fileKeys: [] };
    const done: RetentionRun['organisations'] = [];
    const fileKeys: string[] = [];
    for (const org of await repo.organisationsWithRetention(tx)) {
      const { patientDays, adminDays, expertDays } = org.retention;
      if (patientDays === null && adminDays === null && expertDays === null) {
        // No limits set: only the chat history's own 90 days apply.
        const chats = await purgeChats(tx, org.id, null, now, fileKeys);
        if (chats > 0) done.push({ organisationId: org.id, counts: await recordRun(tx, org.id, { ...NOTHING, chats }) });
        continue;
      }
      done.push({ organisationId: org.id, counts: await applyRetention(tx, org.id, org.retention, now, fileKeys) });
    }
    return { ran: true, organisations: done, fileKeys };
  });
}
