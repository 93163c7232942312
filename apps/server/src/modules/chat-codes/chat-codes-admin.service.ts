import {
  expiryDateForPreset,
  newGroupDateIssues,
  MAX_CODES_PER_GROUP,
  type ChatCodeService,
  type CodeGroup,
  type CodeGroupTarget,
  type CodeGroupTerms,
  type CodeGroupUpdate,
  type CodeItem,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import { endOfLocalDay, localDateAt, startOfLocalDay, type LocalDate } from '@prsp/contracts';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { newChatCodes } from './chat-code-generator';
import type { CodeTarget, CodeTargetKind } from './chat-code-state';
import * as repo from './chat-codes-admin.repo';

/**
 * Code groups (spec §3 'Chat code group', §4 presets, §5 rules), one service for both targets: chat codes for a
 * service (`/admin/chatCodes`) and message codes for a subcategory of async messaging (`/admin/messages/messageCodes`).
 * Made by one generator with the same presets and date rules, listed, changed, deleted and downloaded alike. Every
 * call names the target kind and is scoped by the admin's organisation: another organisation's group, or a group of
 * the other kind, is not found (404). Writes and downloads are audited under the kind's own names, as before the
 * two were one: `chatCodes.*` on a `chatCodeGroup`, `messageCodes.*` on a `messageCodeGroup`.
 */
const KIND: Record<CodeTargetKind, { audit: string; objectType: string; file: string; field: string }> = {
  service: { audit: 'chatCodes', objectType: 'chatCodeGroup', file: 'chat-codes', field: 'serviceId' },
  subcategory: { audit: 'messageCodes', objectType: 'messageCodeGroup', file: 'message-codes', field: 'subcategoryId' },
};

const INSERT_BATCH = 1000;

function targetOf(row: repo.GroupRow): CodeGroupTarget {
  if (row.serviceId !== null) return { kind: 'service', serviceId: row.serviceId, serviceName: row.serviceName! };
  return { kind: 'subcategory', subcategoryId: row.subcategoryId!, categoryName: row.categoryName!, subcategoryName: row.subcategoryName! };
}

function toGroup(row: repo.GroupRow): CodeGroup {
  return {
    id: row.id,
    name: row.name,
    target: targetOf(row),
    totalCodes: row.totalCodes,
    usesPerCode: row.usesPerCode,
    startDate: localDateAt(row.startsAt),
    // Stored as the instant the last valid day is over; shown as that day.
    expiryDate: row.expiresAt ? localDateAt(new Date(row.expiresAt.getTime() - 1)) : null,
    usedCodes: row.usedCodes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGroups(db: Db, actor: AdminActor, kind: CodeTargetKind): Promise<CodeGroup[]> {
  return (await repo.listGroups(db, organisationOf(actor), kind)).map(toGroup);
}

/** The services a chat code group can be for (the modal's choice; message codes choose from messaging's categories). */
export function listServices(db: Db, actor: AdminActor): Promise<ChatCodeService[]> {
  return repo.servicesForCodes(db, organisationOf(actor));
}

export type GroupDates = { startDate: LocalDate; expiryDate: LocalDate | null; issues: FieldIssue[] };

/**
 * Spec §5 'Chat code group' dates, against today in the service's time zone: the start defaults to today and may
 * not be past; the expiry comes from a preset or a date, may not be past, and not before the start.
 */
export function groupDates(input: Pick<CodeGroupTerms, 'startDate' | 'expiryPreset' | 'expiryDate'>, today: LocalDate): GroupDates {
  const startDate = input.startDate ?? today;
  const expiryDate = input.expiryPreset ? expiryDateForPreset(input.expiryPreset, today) : (input.expiryDate ?? null);
  // The schema has checked these already, with the other fields (contracts' newGroupDateIssues); checked again against
  // the `today` of this request, which a request read just before midnight may not share.
  return { startDate, expiryDate, issues: newGroupDateIssues(input, today) };
}

/**
 * Generates `total` codes no group has yet and inserts them; a code already taken anywhere is drawn again. The demo
 * seed uses it too.
 */
export async function generateCodes(tx: Tx, groupId: string, total: number): Promise<void> {
  let missing = total;
  for (let round = 0; missing > 0; round++) {
    // 50 bits per code: clashes are rare, so a round that places nothing means something else is wrong.
    if (round > 50) throw new AppError(500, { detail: 'could not place unique chat codes' });
    missing -= await repo.insertFreeCodes(tx, groupId, newChatCodes(Math.min(missing, INSERT_BATCH)));
  }
}

async function audit(tx: Tx, actor: AdminActor, kind: CodeTargetKind, action: string, id: string, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action: `${KIND[kind].audit}.${action}`,
    objectType: KIND[kind].objectType,
    objectId: id,
    ip: actor.ip,
    details,
  });
}

/** A new group for the organisation's service or subcategory, and all its codes, generated and inserted in one transaction. */
export async function createGroup(
  db: Db,
  actor: AdminActor,
  target: CodeTarget,
  input: CodeGroupTerms,
  now = new Date(),
): Promise<CodeGroup> {
  const organisationId = organisationOf(actor);
  const { startDate, expiryDate, issues } = groupDates(input, localDateAt(now));
  const { kind: _, ...targetIds } = target;
  const id = await db.transaction(async (tx) => {
    const own = await repo.isTargetOfOrganisation(tx, organisationId, target);
    throwIfFieldIssues([...(own ? [] : [{ field: KIND[target.kind].field, key: 'invalid' as const }]), ...issues]);
    const groupId = await repo.insertGroup(tx, {
      organisationId,
      name: input.name,
      ...targetIds,
      totalCodes: Math.min(input.totalCodes, MAX_CODES_PER_GROUP),
      usesPerCode: input.usesPerCode,
      startsAt: startOfLocalDay(startDate),
      expiresAt: expiryDate === null ? null : endOfLocalDay(expiryDate),
    });
    await generateCodes(tx, groupId, input.totalCodes);
    await audit(tx, actor, target.kind, 'groupCreate', groupId, { totalCodes: input.totalCodes, ...targetIds });
    return groupId;
  });
  return getGroup(db, actor, target.kind, id);
}

async function getGroup(db: Db, actor: AdminActor, kind: CodeTargetKind, id: string): Promise<CodeGroup> {
  const row = await repo.findGroup(db, organisationOf(actor), kind, id);
  if (!row) throw new AppError(404);
  return toGroup(row);
}

/** The target an update names, checked to be of the route's kind; undefined when it keeps its target. */
function updatedTarget(kind: CodeTargetKind, input: CodeGroupUpdate, issues: FieldIssue[]): CodeTarget | undefined {
  const other = kind === 'service' ? 'subcategoryId' : 'serviceId';
  if (input[other] !== undefined) issues.push({ field: other, key: 'invalid' });
  if (kind === 'service') return input.serviceId === undefined ? undefined : { kind, serviceId: input.serviceId };
  return input.subcategoryId === undefined ? undefined : { kind, subcategoryId: input.subcategoryId };
}

/**
 * Renames a group, changes its uses per code, and corrects what its codes open and when they are valid (issue 28).
 * The new target must be the organisation's and of the group's kind; a changed start may not be past, nor a changed
 * expiry, and the expiry may not come before the start (spec §5). The group is another organisation's or of the
 * other kind: 404. Audited with the names of what changed.
 */
export async function updateGroup(
  db: Db,
  actor: AdminActor,
  kind: CodeTargetKind,
  id: string,
  input: CodeGroupUpdate,
  now = new Date(),
): Promise<CodeGroup> {
  const organisationId = organisationOf(actor);
  await db.transaction(async (tx) => {
    const row = await repo.findGroup(tx, organisationId, kind, id);
    if (!row) throw new AppError(404);
    const current = toGroup(row);
    const today = localDateAt(now);
    const issues: FieldIssue[] = [];
    const target = updatedTarget(kind, input, issues);
    if (target && !(await repo.isTargetOfOrganisation(tx, organisationId, target)))
      issues.push({ field: KIND[kind].field, key: 'invalid' });
    const startDate = input.startDate ?? current.startDate;
    if (startDate !== current.startDate && startDate < today) issues.push({ field: 'startDate', key: 'pastDate' });
    const expiryField = input.expiryPreset ? 'expiryPreset' : 'expiryDate';
    const expiryChanged = input.expiryPreset !== undefined || input.expiryDate !== undefined;
    const expiryDate = input.expiryPreset ? expiryDateForPreset(input.expiryPreset, today) : (input.expiryDate ?? current.expiryDate);
    if (expiryChanged && expiryDate !== null && expiryDate !== current.expiryDate && expiryDate < today)
      issues.push({ field: expiryField, key: 'pastDate' });
    else if (expiryDate !== null && expiryDate < startDate) issues.push({ field: expiryField, key: 'expiryBeforeStart' });
    throwIfFieldIssues(issues);

    const { kind: _, ...targetIds } = target ?? { kind };
    // Dates are written only when they change: a stored instant is kept as it is.
    await repo.updateGroup(tx, organisationId, kind, id, {
      name: input.name,
      usesPerCode: input.usesPerCode,
      ...targetIds,
      ...(startDate !== current.startDate ? { startsAt: startOfLocalDay(startDate) } : {}),
      ...(expiryDate !== current.expiryDate ? { expiresAt: expiryDate === null ? null : endOfLocalDay(expiryDate) } : {}),
    });
    const changed = [
      ...(input.name !== current.name ? ['name'] : []),
      ...(input.usesPerCode !== current.usesPerCode ? ['usesPerCode'] : []),
      ...(target ? [KIND[kind].field] : []),
      ...(startDate !== current.startDate ? ['startDate'] : []),
      ...(expiryDate !== current.expiryDate ? ['expiryDate'] : []),
    ];
    await audit(tx, actor, kind, 'groupUpdate', id, { changed, ...targetIds });
  });
  return getGroup(db, actor, kind, id);
}

export async function deleteGroup(db: Db, actor: AdminActor, kind: CodeTargetKind, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteGroup(tx, organisationOf(actor), kind, id))) throw new AppError(404);
    await audit(tx, actor, kind, 'groupDelete', id);
  });
}

export async function listCodes(db: Db, actor: AdminActor, kind: CodeTargetKind, groupId: string): Promise<CodeItem[]> {
  const group = await getGroup(db, actor, kind, groupId);
  return (await repo.codesOfGroup(db, groupId)).map((c) => ({ ...c, usesPerCode: group.usesPerCode }));
}

/** The group and its codes for the CSV download (chat-codes-csv.ts); the download is audited, the codes never are. */
export async function codesForDownload(
  db: Db,
  actor: AdminActor,
  kind: CodeTargetKind,
  groupId: string,
): Promise<{ filename: string; group: CodeGroup; codes: CodeItem[] }> {
  const group = await getGroup(db, actor, kind, groupId);
  const codes = (await repo.codesOfGroup(db, groupId)).map((c) => ({ ...c, usesPerCode: group.usesPerCode }));
  await db.transaction((tx) => audit(tx, actor, kind, 'download', groupId, { count: codes.length }));
  return { filename: `${KIND[kind].file}-${groupId}.csv`, group, codes };
}
