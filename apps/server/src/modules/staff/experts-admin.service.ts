import type { AdminExpert, ChatQueue, ExpertInput, ExpertList, ExpertListQuery } from '@prsp/contracts';
import type { Sender } from '../../platform/mail/sender';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { newQueueId } from '../../platform/chat-ids';
import type { Emit } from '../../platform/events/event-hub';
import * as repo from './experts-admin.repo';
import { staffStatus } from './login-rules';
import { inviteStaffUser, templateLanguage } from './staff-invitations.service';
import { findStaffByEmail } from './staff.repo';
import { deleteStaffUser, insertStaffUser, placesLeft } from './staff-users.repo';
import { sqlState, UNIQUE_VIOLATION } from '../../platform/db-errors';
import { deleteExpertSessions } from '../../platform/session/sessions.service';

export type ExpertsDeps = { db: Db; emit: Emit; publicUrl: string; sender: Sender };

function toAdminExpert({ expert, user }: repo.ExpertWithUser, personalQueueId: string | null): AdminExpert {
  return {
    id: expert.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    specializations: expert.specializations,
    communicationLanguage: expert.communicationLanguage,
    chatQueueId: expert.chatQueueId,
    chatUserId: expert.chatUserId,
    personalQueueId,
    maxConcurrentChats: expert.maxConcurrentChats,
    shiftLead: expert.shiftLead,
    status: staffStatus(user),
    locked: user.locked,
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
  };
}

export async function listExperts(deps: ExpertsDeps, actor: AdminActor, query: ExpertListQuery): Promise<ExpertList> {
  const { total, rows } = await repo.pageOfExperts(deps.db, organisationOf(actor), query);
  const personal = await repo.personalQueues(
    deps.db,
    rows.map((r) => r.expert.id),
  );
  return { items: rows.map((r) => toAdminExpert(r, personal.get(r.expert.id) ?? null)), total, page: query.page, pageSize: query.pageSize };
}

export async function getExpert(deps: ExpertsDeps, actor: AdminActor, id: string): Promise<AdminExpert> {
  const row = await repo.findExpert(deps.db, organisationOf(actor), id);
  if (!row) throw new AppError(404);
  const personal = await repo.personalQueues(deps.db, [row.expert.id]);
  return toAdminExpert(row, personal.get(row.expert.id) ?? null);
}

export function listChatQueues(deps: ExpertsDeps, actor: AdminActor): Promise<ChatQueue[]> {
  return repo.organisationQueues(deps.db, organisationOf(actor));
}

/**
 * The address must be free: taken by an expert (here or elsewhere) is a duplicate expert (1100); taken by any
 * other member of staff — an admin — is not silently attached to them (1003).
 */
async function assertEmailFree(tx: Tx, email: string, ownUserId?: string): Promise<void> {
  const existing = await findStaffByEmail(tx, email);
  if (!existing || existing.id === ownUserId) return;
  throw new AppError((await repo.isExpertAnywhere(tx, existing.id)) ? 1100 : 1003);
}

/** Spec §5 'Expert' rules that need the database: known specializations and one of the organisation's queues. */
async function inputIssues(tx: Tx, organisationId: string, input: ExpertInput): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const known = await repo.knownSpecializations(tx, input.specializations);
  input.specializations.forEach((id, i) => {
    if (!known.has(id)) issues.push({ field: `specializations.${i}`, key: 'invalid' });
  });
  const queue = input.chatQueueId?.trim();
  if (queue && !(await repo.isOrganisationQueue(tx, organisationId, queue))) issues.push({ field: 'chatQueueId', key: 'chatQueue' });
  return issues;
}

/**
 * The expert's personal queue in the product's own chat (the chat's subscriber makes it in this transaction). It is
 * a queue of its own: the expert stays in the service queue named on them.
 */
async function createPersonalQueue(deps: ExpertsDeps, tx: Tx, organisationId: string, expertId: string, name: string): Promise<string> {
  const personalQueue = { id: newQueueId((await repo.organisationSlug(tx, organisationId))!), name };
  await deps.emit(tx, 'expert.chatEnabled', { organisationId, expertId, personalQueue });
  return personalQueue.id;
}

function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === UNIQUE_VIOLATION;
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string) {
  await recordAudit(tx, { actorType: 'staff', actorId: actor.staff.userId, action, objectType: 'expert', objectId: id, ip: actor.ip });
}

/**
 * A new expert: their staff user, the expert row with its chat user id (every expert can take part in a group), with
 * `autoCreateChat` a personal queue (their queue too when no service queue is named), and the registration e-mail
 * (24-hour link) — all in one transaction, so a failure leaves nothing half made.
 */
export async function createExpert(deps: ExpertsDeps, actor: AdminActor, input: ExpertInput): Promise<AdminExpert> {
  const organisationId = organisationOf(actor);
  const id = await deps.db.transaction(async (tx) => {
    throwIfFieldIssues(await inputIssues(tx, organisationId, input));
    await assertEmailFree(tx, input.email);
    const user = await insertStaffUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.communicationLanguage,
      isGlobalAdmin: false,
    }).catch((err: unknown) => {
      // Two creations racing for one address: the unique index decides.
      throw isUniqueViolation(err) ? new AppError(1100) : err;
    });
    const explicitQueue = input.chatQueueId?.trim() || undefined;
    const expert = await repo.insertExpert(tx, {
      userId: user.id,
      organisationId,
      specializations: [...new Set(input.specializations)],
      communicationLanguage: input.communicationLanguage,
      chatQueueId: explicitQueue ?? '',
      maxConcurrentChats: input.maxConcurrentChats ?? null,
      shiftLead: input.shiftLead ?? false,
    });
    if (input.autoCreateChat) {
      const personal = await createPersonalQueue(deps, tx, organisationId, expert.id, `${input.firstName} ${input.lastName}`);
      if (!explicitQueue) await repo.updateExpert(tx, expert.id, { chatQueueId: personal });
    }
    await inviteStaffUser(tx, {
      userId: user.id,
      organisationId,
      appRole: 'expert',
      language: templateLanguage(input.communicationLanguage),
      publicUrl: deps.publicUrl,
      sender: deps.sender,
    });
    await audit(tx, actor, 'expert.create', expert.id);
    return expert.id;
  });
  return getExpert(deps, actor, id);
}

/**
 * Changes the expert and their staff user; `autoCreateChat` adds a personal queue once. The service queue changes only
 * when one is named: a form that sends none (the personal-queue box ticked) leaves the expert in theirs.
 */
export async function updateExpert(deps: ExpertsDeps, actor: AdminActor, id: string, input: ExpertInput): Promise<AdminExpert> {
  const organisationId = organisationOf(actor);
  await deps.db.transaction(async (tx) => {
    const current = await repo.findExpert(tx, organisationId, id);
    if (!current) throw new AppError(404);
    throwIfFieldIssues(await inputIssues(tx, organisationId, input));
    await assertEmailFree(tx, input.email, current.user.id);
    await repo
      .updateExpertUser(tx, current.user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        language: input.communicationLanguage,
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? new AppError(1100) : err;
      });
    const explicitQueue = input.chatQueueId?.trim() || undefined;
    await repo.updateExpert(tx, id, {
      specializations: [...new Set(input.specializations)],
      communicationLanguage: input.communicationLanguage,
      chatQueueId: explicitQueue ?? current.expert.chatQueueId,
      // Issue 32: an older client that sends neither leaves them as they are.
      ...(input.maxConcurrentChats !== undefined && { maxConcurrentChats: input.maxConcurrentChats }),
      ...(input.shiftLead !== undefined && { shiftLead: input.shiftLead }),
    });
    const hasPersonal = (await repo.personalQueues(tx, [id])).has(id);
    if (input.autoCreateChat && !hasPersonal)
      await createPersonalQueue(deps, tx, organisationId, id, `${input.firstName} ${input.lastName}`);
    await audit(tx, actor, 'expert.update', id);
  });
  return getExpert(deps, actor, id);
}

/**
 * Removes the expert from the organisation (their personal queue goes with them) and ends their expert sessions
 * there; a staff user left with no place anywhere is deleted, so the address can be used again.
 */
export async function deleteExpert(deps: ExpertsDeps, actor: AdminActor, id: string): Promise<void> {
  const organisationId = organisationOf(actor);
  await deps.db.transaction(async (tx) => {
    const current = await repo.findExpert(tx, organisationId, id);
    if (!current) throw new AppError(404);
    // Before the row goes: booking tells integrations of each reserved appointment that loses them.
    await deps.emit(tx, 'expert.removing', { organisationId, expertId: id });
    await repo.deleteExpert(tx, id);
    await deleteExpertSessions(tx, current.user.id, organisationId);
    if (!current.user.isGlobalAdmin && (await placesLeft(tx, current.user.id)) === 0) await deleteStaffUser(tx, current.user.id);
    await audit(tx, actor, 'expert.delete', id);
  });
}
