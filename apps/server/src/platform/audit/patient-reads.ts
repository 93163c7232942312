import type { Tx } from '../../db/client';
import type { AccessContext } from '../access/route-access';
import { recordAudits, type AuditEntry } from './audit';

/** Patient data in an answer: whose it is, the organisation it belongs to, and the object it came from. */
export type PatientRead = { patientId: string; organisationId: string; objectType: string; objectId?: string };

/** Who reads: a member of staff in the role their session works in, or an organisation's API client. */
export type PatientReader = {
  actorType: 'staff' | 'system';
  actorId: string;
  role: 'expert' | 'admin' | 'globalAdmin' | 'apiClient';
  ip: string;
};

/** Who reads patient data through a route or socket event: the loaded member of staff or API client; null for a patient or a guest. */
export function readerOf(ctx: AccessContext, ip: string): PatientReader | null {
  if (ctx.apiClient) return { actorType: 'system', actorId: ctx.apiClient.id, role: 'apiClient', ip };
  if (ctx.staff) return { actorType: 'staff', actorId: ctx.staff.userId, role: ctx.staff.isGlobalAdmin ? 'globalAdmin' : 'admin', ip };
  if (ctx.expert) return { actorType: 'staff', actorId: ctx.expert.userId, role: 'expert', ip };
  return null;
}

/**
 * What one answer shows of patients' data (docs/security.md 'Every read of patient data leaves a row'): the
 * service names the patients while it makes the answer (`show`), and the access plugin writes one audit row per
 * patient and object before the answer leaves. A route declared as reading patient data that answers without
 * having said what it showed (not even "nothing") is a bug, and is answered 500 instead of the data.
 * Without a reader (a patient or a guest reading their own chat) nothing is written: those are not staff reads.
 */
export class PatientReads {
  readonly #reads = new Map<string, PatientRead>();
  #accounted = false;

  constructor(
    readonly action: string,
    readonly reader: PatientReader | null,
  ) {}

  /** Names the patients whose data the answer shows: call it on every path that answers, with none when it shows none. */
  show(reads: Iterable<PatientRead>): void {
    this.#accounted = true;
    for (const read of reads) this.#reads.set(`${read.patientId}|${read.objectType}|${read.objectId ?? ''}`, read);
  }

  /** Whether the answer said what it showed. */
  get accounted(): boolean {
    return this.#accounted;
  }

  /** The audit rows of the answer: one per patient and object it showed. */
  entries(): AuditEntry[] {
    const reader = this.reader;
    if (!reader) return [];
    return [...this.#reads.values()].map((read) => ({
      actorType: reader.actorType,
      actorId: reader.actorId,
      actorRole: reader.role,
      organisationId: read.organisationId,
      patientId: read.patientId,
      action: this.action,
      objectType: read.objectType,
      objectId: read.objectId,
      ip: reader.ip,
    }));
  }
}

/** The reads of a patient or a guest in what is theirs (their own chat, their history): not staff reads, not logged here. */
export function ownReads(): PatientReads {
  return new PatientReads('own', null);
}

/** Writes what the answer showed to the audit log. */
export async function recordPatientReads(tx: Tx, reads: PatientReads): Promise<void> {
  const entries = reads.entries();
  if (entries.length > 0) await recordAudits(tx, entries);
}

/** One row of a read for each of `patientIds` (a list, a group appointment) of one object. */
export function readsOf(
  patientIds: Iterable<string | null | undefined>,
  object: { organisationId: string; objectType: string; objectId?: string },
): PatientRead[] {
  return [...new Set(patientIds)].filter((id): id is string => typeof id === 'string').map((patientId) => ({ ...object, patientId }));
}
