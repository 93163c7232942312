import {
  MAX_CODES_PER_GROUP,
  type ChatCodeGroupUpdate,
  type ChatCodeItem,
  type MessageCodeGroup,
  type MessageCodeGroupCreate,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { endOfLocalDay, localDateAt, startOfLocalDay } from '../../platform/time/local-date';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { generateCodes, groupDates } from '../chat-codes/chat-codes-admin.service';
import { findSubcategory } from './categories.repo';
import * as repo from './message-codes.repo';

/**
 * Message code groups (spec §2 `/admin/messages/messageCodes`; §3 'Chat code group' with a subcategory; §5): made by
 * the chat codes' generator with the same expiry presets and date rules, downloaded as the same CSV. Scoped by the
 * admin's organisation; another organisation's group, or a chat code group, is not found (404). Writes are audited.
 */

function toGroup(row: repo.GroupRow): MessageCodeGroup {
  return {
    id: row.id,
    name: row.name,
    subcategoryId: row.subcategoryId,
    categoryName: row.categoryName,
    subcategoryName: row.subcategoryName,
    totalCodes: row.totalCodes,
    usesPerCode: row.usesPerCode,
    startDate: localDateAt(row.startsAt),
    // Stored as the instant the last valid day is over; shown as that day (as chat code groups are).
    expiryDate: row.expiresAt ? localDateAt(new Date(row.expiresAt.getTime() - 1)) : null,
    usedCodes: row.usedCodes,
    createdAt: row.createdAt.toISOString(),
  };
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'messageCodeGroup',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

export async function listGroups(db: Db, actor: AdminActor): Promise<MessageCodeGroup[]> {
  return (await repo.listGroups(db, organisationOf(actor))).map(toGroup);
}

async function getGroup(db: Db, actor: AdminActor, id: string): Promise<MessageCodeGroup> {
  const row = await repo.findGroup(db, organisationOf(actor), id);
  if (!row) throw new AppError(404);
  return toGroup(row);
}

/** A new group for one of the organisation's subcategories, and all its codes, in one transaction. */
export async function createGroup(db: Db, actor: AdminActor, input: MessageCodeGroupCreate, now = new Date()): Promise<MessageCodeGroup> {
  const organisationId = organisationOf(actor);
  const { startDate, expiryDate, issues } = groupDates(input, localDateAt(now));
  const id = await db.transaction(async (tx) => {
    const subcategory = await findSubcategory(tx, organisationId, input.subcategoryId);
    throwIfFieldIssues([...(subcategory ? [] : [{ field: 'subcategoryId', key: 'invalid' as const }]), ...issues]);
    const groupId = await repo.insertGroup(tx, {
      organisationId,
      name: input.name,
      subcategoryId: input.subcategoryId,
      totalCodes: Math.min(input.totalCodes, MAX_CODES_PER_GROUP),
      usesPerCode: input.usesPerCode,
      startsAt: startOfLocalDay(startDate),
      expiresAt: expiryDate === null ? null : endOfLocalDay(expiryDate),
    });
    await generateCodes(tx, groupId, input.totalCodes);
    await audit(tx, actor, 'messageCodes.groupCreate', groupId, { totalCodes: input.totalCodes, subcategoryId: input.subcategoryId });
    return groupId;
  });
  return getGroup(db, actor, id);
}

export async function updateGroup(db: Db, actor: AdminActor, id: string, input: ChatCodeGroupUpdate): Promise<MessageCodeGroup> {
  await db.transaction(async (tx) => {
    if (!(await repo.updateGroup(tx, organisationOf(actor), id, input))) throw new AppError(404);
    await audit(tx, actor, 'messageCodes.groupUpdate', id);
  });
  return getGroup(db, actor, id);
}

export async function deleteGroup(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteGroup(tx, organisationOf(actor), id))) throw new AppError(404);
    await audit(tx, actor, 'messageCodes.groupDelete', id);
  });
}

export async function listCodes(db: Db, actor: AdminActor, groupId: string): Promise<ChatCodeItem[]> {
  const group = await getGroup(db, actor, groupId);
  return (await repo.codesOfGroup(db, groupId)).map((c) => ({ ...c, usesPerCode: group.usesPerCode }));
}

/** The group and its codes for the CSV download (chat-codes-csv.ts); the download is audited, the codes never are. */
export async function codesForDownload(
  db: Db,
  actor: AdminActor,
  groupId: string,
): Promise<{ filename: string; group: MessageCodeGroup; codes: ChatCodeItem[] }> {
  const group = await getGroup(db, actor, groupId);
  const codes = (await repo.codesOfGroup(db, groupId)).map((c) => ({ ...c, usesPerCode: group.usesPerCode }));
  await db.transaction((tx) => audit(tx, actor, 'messageCodes.download', groupId, { count: codes.length }));
  return { filename: `message-codes-${groupId}.csv`, group, codes };
}
