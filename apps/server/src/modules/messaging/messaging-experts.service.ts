import type { MessagingExpert } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { ExpertContext } from '../../platform/access/route-access';
import { recordAudit } from '../../platform/audit/audit';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './messaging-experts.repo';

/**
 * Who handles messages (spec §2 `/admin/messages/experts`, §7 `experts/list`): the admin turns it on or off per
 * expert; only those who handle messages can be assigned to subcategories.
 */

type Search = { searchQuery?: string; specialization?: string };

function toExpert(row: repo.MessagingExpertRow): MessagingExpert {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    specializations: row.specializations,
    handlesMessages: row.handlesMessages,
  };
}

/** Admin: every expert of the organisation, saying who handles messages. */
export async function adminExperts(db: Db, actor: AdminActor, search: Search): Promise<{ experts: MessagingExpert[] }> {
  const rows = await repo.expertsOfOrganisation(db, organisationOf(actor), { ...search, onlyHandling: false });
  return { experts: rows.map(toExpert) };
}

/**
 * Turns an expert's messaging on or off. Off also takes them off every subcategory, in the same transaction, so
 * no subcategory is left naming an expert who does not handle messages.
 */
export async function updateExpert(db: Db, actor: AdminActor, expertId: string, handlesMessages: boolean): Promise<MessagingExpert> {
  const organisationId = organisationOf(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.findExpert(tx, organisationId, expertId))) throw new AppError(404);
    if (handlesMessages) await repo.startHandling(tx, expertId);
    else await repo.stopHandling(tx, expertId);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.staff.userId,
      action: 'messaging.expertUpdate',
      objectType: 'expert',
      objectId: expertId,
      ip: actor.ip,
      details: { handlesMessages },
    });
  });
  const rows = await repo.expertsOfOrganisation(db, organisationId, { onlyHandling: false });
  return toExpert(rows.find((r) => r.id === expertId)!);
}

/**
 * The signed-in expert's row in the organisation the session works in (the only expert row, when the session names
 * none); 403 for a user who is no expert there.
 */
export async function messagingExpertOf(tx: Tx, caller: ExpertContext): Promise<{ expertId: string; organisationId: string }> {
  const rows = await repo.expertRowsOfUser(tx, caller.userId);
  const row =
    caller.organisationId === null
      ? rows.length === 1
        ? rows[0]
        : undefined
      : rows.find((r) => r.organisationId === caller.organisationId);
  if (!row) throw new AppError(403);
  return { expertId: row.id, organisationId: row.organisationId };
}

/** Expert: the experts of their organisation who handle messages. */
export async function colleagues(db: Db, caller: ExpertContext, search: Search): Promise<{ experts: MessagingExpert[] }> {
  const { organisationId } = await messagingExpertOf(db, caller);
  const rows = await repo.expertsOfOrganisation(db, organisationId, { ...search, onlyHandling: true });
  return { experts: rows.map(toExpert) };
}
