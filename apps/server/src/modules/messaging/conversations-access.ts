import type { Tx } from '../../db/client';
import type { PatientContext, OrganisationRow } from '../../platform/access/patient-access';
import { AppError } from '../../platform/app-error';
import * as repo from './conversations.repo';
import { expertOfSession, type SessionExpert } from '../staff/session-expert.service';

/** The expert a messaging request works as (staff's session expert). */
export type MessagingExpert = SessionExpert;

/** A patient request, with the organisation the route declaration requires. */
export type MessagingPatient = PatientContext & { organisation: OrganisationRow };

/** The caller's expert row in the session's organisation (403 when they are no expert there). */
export const messagingExpertOf = expertOfSession;

/** Whether an expert may see a conversation: the same rule as `repo.visibleToExpert`, for one row. */
export async function expertMaySee(tx: Tx, expert: MessagingExpert, c: repo.ConversationRow): Promise<boolean> {
  if (c.organisationId !== expert.organisationId) return false;
  if (c.kind === 'direct') return c.expertId === expert.id;
  return c.subcategoryId !== null && (await repo.isAssigned(tx, expert.id, c.subcategoryId));
}

/** A conversation the expert may see, locked when `lock`; anything else answers 404, as if it did not exist. */
export async function expertConversation(tx: Tx, expert: MessagingExpert, id: string, lock = false): Promise<repo.ConversationRow> {
  const c = lock ? await repo.lockConversation(tx, id) : await repo.findConversation(tx, id);
  if (!c || !(await expertMaySee(tx, expert, c))) throw new AppError(404);
  return c;
}

/** The patient's own conversation (the principal's while acting) in the selected organisation; else 404. */
export async function patientConversation(tx: Tx, ctx: MessagingPatient, id: string, lock = false): Promise<repo.ConversationRow> {
  const c = lock ? await repo.lockConversation(tx, id) : await repo.findConversation(tx, id);
  if (!c || c.patientId !== ctx.patientId || c.organisationId !== ctx.organisation.id) throw new AppError(404);
  return c;
}

/** Who hears `messages:changed` about a conversation: its patient and the staff users of the experts who may see it. */
export async function audienceOf(tx: Tx, c: repo.ConversationRow): Promise<{ patientId: string; staffUserIds: string[] }> {
  const staff =
    c.kind === 'request'
      ? c.subcategoryId
        ? await repo.staffUsersOfSubcategory(tx, c.subcategoryId)
        : []
      : c.expertId
        ? [await repo.staffUserOfExpert(tx, c.expertId)].filter((u): u is string => u !== undefined)
        : [];
  return { patientId: c.patientId, staffUserIds: [...new Set(staff)] };
}
