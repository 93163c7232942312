import type { Tx } from '../../db/client';
import { insertAuditEntries, insertAuditEntry } from './audit.repo';

export type AuditEntry = {
  actorType: 'patient' | 'staff' | 'guest' | 'system';
  actorId?: string | null;
  /** The principal when the actor acts on someone's behalf. */
  onBehalfOf?: string | null;
  /** For reads of patient data: the role the actor read in, the organisation, and whose data it was. */
  actorRole?: string;
  organisationId?: string | null;
  patientId?: string;
  action: string;
  objectType?: string;
  objectId?: string;
  ip?: string;
  details?: Record<string, unknown>;
};

/** Appends to the audit log inside the caller's transaction, so the record and the action stand or fall together. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, entry);
}

/** Appends several entries in one statement (a read answering many records): all of them or none. */
export async function recordAudits(tx: Tx, entries: AuditEntry[]): Promise<void> {
  await insertAuditEntries(tx, entries);
}
