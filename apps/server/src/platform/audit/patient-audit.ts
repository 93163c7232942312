import type { Tx } from '../../db/client';
import { recordAudit, type AuditEntry } from './audit';
import type { Session } from '../session/sessions.service';

/**
 * Who did a patient action, for the audit log: always the person who signed in (`actorId`) and, while
 * they act on someone's behalf, that principal (`onBehalfOf`). Every patient action goes through this
 * (or `recordPatientAudit`), so no route can forget the principal or the delegate.
 */
export function patientAuditActor(
  session: Pick<Session, 'patientId' | 'actingForPatientId'>,
): Pick<AuditEntry, 'actorType' | 'actorId' | 'onBehalfOf'> {
  return { actorType: 'patient', actorId: session.patientId, onBehalfOf: session.actingForPatientId };
}

/** Records a patient action with the actor fields taken from the session, in the caller's transaction. */
export function recordPatientAudit(
  tx: Tx,
  session: Pick<Session, 'patientId' | 'actingForPatientId'>,
  entry: Omit<AuditEntry, 'actorType' | 'actorId' | 'onBehalfOf'>,
): Promise<void> {
  return recordAudit(tx, { ...entry, ...patientAuditActor(session) });
}
