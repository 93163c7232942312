import {
  expiryDateForPreset,
  MAX_CODES_PER_GROUP,
  type ChatCodeGroup,
  type ChatCodeGroupCreate,
  type ChatCodeGroupUpdate,
  type ChatCodeItem,
  type ChatCodeService,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { endOfLocalDay, localDateAt, startOfLocalDay, type LocalDate } from '../../platform/time/local-date';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { newChatCodes } from './chat-code-generator';
import * as repo from './chat-codes-admin.repo';

const INSERT_BATCH = 1000;

function toGroup(row: repo.GroupRow): ChatCodeGroup {
  return {
    ...row,
    startDate: localDateAt(row.startsAt),
    // Stored as the instant the last valid day is over; shown as that day.
    expiryDate: row.expiresAt ? localDateAt(new Date(row.expiresAt.getTime() - 1)) : null,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGroups(db: Db, actor: AdminActor): Promise<ChatCodeGroup[]> {
  return (await repo.listGroups(db, organisationOf(actor))).map(toGroup);
}

export function listServices(db: Db, actor: AdminActor): Promise<ChatCodeService[]> {
  return repo.servicesForCodes(db, organisationOf(actor));
}

export type GroupDates = { startDate: LocalDate; expiryDate: LocalDate | null; issues: FieldIssue[] };

/**
 * Spec §5 'Chat code group' dates, against today in the service's time zone: the start defaults to today and may
 * not be past; the expiry comes from a preset or a date, may not be past, and not before the start.
 */
export function groupDates(input: Pick<ChatCodeGroupCreate, 'startDate' | 'expiryPreset' | 'expiryDate'>, today: LocalDate): GroupDates {
  const issues: FieldIssue[] = [];
  const startDate = input.startDate ?? today;
  if (startDate < today) issues.push({ field: 'startDate', key: 'pastDate' });
  const expiryField = input.expiryPreset ? 'expiryPreset' : 'expiryDate';
  const expiryDate = input.expiryPreset ? expiryDateForPreset(input.expiryPreset, today) : (input.expiryDate ?? null);
  if (expiryDate !== null && expiryDate < today) issues.push({ field: expiryField, key: 'pastDate' });
  else if (expiryDate !== null && expiryDate < startDate) issues.push({ field: expiryField, key: 'expiryBeforeStart' });
  return { startDate, expiryDate, issues };
}

/**
 * Generates `total` codes no group has yet and inserts them; a code already taken anywhere is drawn again. Message
 * code groups (modules/messaging) use it too.
 */
export async function generateCodes(tx: Tx, groupId: string, total: number): Promise<void> {
  let missing = total;
  for (let round = 0; missing > 0; round++) {
    // 50 bits per code: clashes are rare, so a round that places nothing means something else is wrong.
    if (round > 50) throw new AppError(500, { detail: 'could not place unique chat codes' });
    missing -= await repo.insertFreeCodes(tx, groupId, newChatCodes(Math.min(missing, INSERT_BATCH)));
  }
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'chatCodeGroup',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

/** A new group and all its codes, generated and inserted in one transaction. */
export async function createGroup(db: Db, actor: AdminActor, input: ChatCodeGroupCreate, now = new Date()): Promise<ChatCodeGroup> {
  const organisationId = organisationOf(actor);
  const { startDate, expiryDate, issues } = groupDates(input, localDateAt(now));
  const id = await db.transaction(async (tx) => {
    const service = await repo.serviceOfOrganisation(tx, organisationId, input.serviceId);
    throwIfFieldIssues([...(service ? [] : [{ field: 'serviceId', key: 'invalid' as const }]), ...issues]);
    const groupId = await repo.insertGroup(tx, {
      organisationId,
      name: input.name,
      serviceId: input.serviceId,
      totalCodes: Math.min(input.totalCodes, MAX_CODES_PER_GROUP),
      usesPerCode: input.usesPerCode,
      startsAt: startOfLocalDay(startDate),
      expiresAt: expiryDate === null ? null : endOfLocalDay(expiryDate),
    });
    await generateCodes(tx, groupId, input.totalCodes);
    await audit(tx, actor, 'chatCodes.groupCreate', groupId, { totalCodes: input.totalCodes });
    return groupId;
  });
  return getGroup(db, actor, id);
}

async function getGroup(db: Db, actor: AdminActor, id: string): Promise<ChatCodeGroup> {
  const row = await repo.findGroup(db, organisationOf(actor), id);
  if (!row) throw new AppError(404);
  return toGroup(row);
}

export async function updateGroup(db: Db, actor: AdminActor, id: string, input: ChatCodeGroupUpdate): Promise<ChatCodeGroup> {
  await db.transaction(async (tx) => {
    if (!(await repo.updateGroup(tx, organisationOf(actor), id, input))) throw new AppError(404);
    await audit(tx, actor, 'chatCodes.groupUpdate', id);
  });
  return getGroup(db, actor, id);
}

export async function deleteGroup(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteGroup(tx, organisationOf(actor), id))) throw new AppError(404);
    await audit(tx, actor, 'chatCodes.groupDelete', id);
  });
}

export async function listCodes(db: Db, actor: AdminActor, groupId: string): Promise<ChatCodeItem[]> {
  const group = await repo.findGroup(db, organisationOf(actor), groupId);
  if (!group) throw new AppError(404);
  return (await repo.codesOfGroup(db, groupId)).map((c) => ({ ...c, usesPerCode: group.usesPerCode }));
}

/** The group and its codes for the CSV download (chat-codes-csv.ts); the download is audited, the codes never are. */
export async function codesForDownload(
  db: Db,
  actor: AdminActor,
  groupId: string,
): Promise<{ filename: string; group: ChatCodeGroup; codes: ChatCodeItem[] }> {
  const group = await getGroup(db, actor, groupId);
  const codes = await listCodes(db, actor, groupId);
  await db.transaction((tx) => audit(tx, actor, 'chatCodes.download', groupId, { count: codes.length }));
  return { filename: `chat-codes-${groupId}.csv`, group, codes };
}
