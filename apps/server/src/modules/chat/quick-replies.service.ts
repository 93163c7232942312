import { QUICK_REPLY_LIMITS, type QuickReply, type QuickReplyInput } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { recordAudit } from '../../platform/audit/audit';
import { sqlState, UNIQUE_VIOLATION } from '../../platform/db-errors';
import { throwIfFieldIssues } from '../../platform/field-errors';
import * as repo from './quick-replies.repo';

/**
 * Quick replies (issue 32, point 5; docs/quick-replies.md): canned answers in fi, sv and en that the expert's chat
 * composer inserts. The organisation's are kept by an admin with the service-settings right (audited, by id and what
 * changed, never the texts); an expert keeps their own. Every query is scoped by the owner: another organisation's
 * reply, the organisation's reply reached through the expert's routes, or another expert's, is not found (404). A
 * shortcut is unique per owner (the organisation's and an expert's own may share one: the expert's own comes first).
 */

/** A signed-in expert working in an organisation. */
export type QuickReplyExpert = { userId: string; organisationId: string | null };

function toReply(row: repo.QuickReplyRow): QuickReply {
  return {
    id: row.id,
    scope: row.expertId === null ? 'organisation' : 'own',
    shortcut: row.shortcut,
    title: row.title,
    texts: Object.fromEntries(Object.entries(row.texts).filter(([, v]) => v)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored texts: blank languages left out. */
function valuesOf(input: QuickReplyInput): repo.QuickReplyValues {
  const texts = Object.fromEntries(Object.entries(input.texts).filter(([, v]) => typeof v === 'string' && v !== ''));
  return { shortcut: input.shortcut, title: input.title, texts };
}

/** A taken shortcut is the field's error, not a 500: the unique constraint decides, so two racing saves get one each. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throwIfFieldIssues([{ field: 'shortcut', key: 'quickReplyShortcutTaken' }]);
    throw err;
  }
}

async function ownerOfExpert(db: Db | Tx, expert: QuickReplyExpert): Promise<repo.QuickReplyOwner> {
  if (!expert.organisationId) throw new AppError(404, { detail: 'no organisation chosen' });
  const expertId = await repo.expertIdOf(db, expert.userId, expert.organisationId);
  if (!expertId) throw new AppError(404, { detail: 'not an expert of the organisation' });
  return { organisationId: expert.organisationId, expertId };
}

const adminOwner = (actor: AdminActor): repo.QuickReplyOwner => ({ organisationId: organisationOf(actor), expertId: null });

type QuickReplyAction = 'quickReplies.create' | 'quickReplies.update' | 'quickReplies.delete';

async function audit(tx: Tx, actor: AdminActor, action: QuickReplyAction, id: string, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'quickReply',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

function changedFields(before: repo.QuickReplyRow, after: repo.QuickReplyValues): string[] {
  const changed: string[] = [];
  if (before.shortcut !== after.shortcut) changed.push('shortcut');
  if (before.title !== after.title) changed.push('title');
  for (const lang of ['fi', 'sv', 'en'] as const)
    if ((before.texts[lang] ?? '') !== (after.texts[lang] ?? '')) changed.push(`texts.${lang}`);
  return changed;
}

async function create(
  db: Db,
  owner: repo.QuickReplyOwner,
  input: QuickReplyInput,
  after?: (tx: Tx, row: repo.QuickReplyRow) => Promise<void>,
) {
  return unique(() =>
    db.transaction(async (tx) => {
      if ((await repo.countOwned(tx, owner)) >= QUICK_REPLY_LIMITS.perOwnerMax)
        throw new AppError(400, { detail: 'too many quick replies' });
      const row = await repo.insert(tx, owner, valuesOf(input));
      await after?.(tx, row);
      return toReply(row);
    }),
  );
}

async function change(
  db: Db,
  owner: repo.QuickReplyOwner,
  id: string,
  input: QuickReplyInput,
  after?: (tx: Tx, before: repo.QuickReplyRow, values: repo.QuickReplyValues) => Promise<void>,
) {
  return unique(() =>
    db.transaction(async (tx) => {
      const before = await repo.findOwned(tx, owner, id);
      if (!before) throw new AppError(404);
      const values = valuesOf(input);
      const row = await repo.update(tx, owner, id, values);
      if (!row) throw new AppError(404);
      await after?.(tx, before, values);
      return toReply(row);
    }),
  );
}

async function destroy(db: Db, owner: repo.QuickReplyOwner, id: string, after?: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    if (!(await repo.remove(tx, owner, id))) throw new AppError(404);
    await after?.(tx);
  });
}

/** The organisation's replies, for the admin page. */
export async function listOrganisationReplies(db: Db, actor: AdminActor): Promise<QuickReply[]> {
  return (await repo.listOwned(db, adminOwner(actor))).map(toReply);
}

export function createOrganisationReply(db: Db, actor: AdminActor, input: QuickReplyInput): Promise<QuickReply> {
  return create(db, adminOwner(actor), input, (tx, row) => audit(tx, actor, 'quickReplies.create', row.id, { shortcut: row.shortcut }));
}

export function updateOrganisationReply(db: Db, actor: AdminActor, id: string, input: QuickReplyInput): Promise<QuickReply> {
  return change(db, adminOwner(actor), id, input, (tx, before, values) =>
    audit(tx, actor, 'quickReplies.update', id, { changed: changedFields(before, values) }),
  );
}

export function deleteOrganisationReply(db: Db, actor: AdminActor, id: string): Promise<void> {
  return destroy(db, adminOwner(actor), id, (tx) => audit(tx, actor, 'quickReplies.delete', id));
}

/** What the composer offers: the organisation's replies and the expert's own. */
export async function repliesForComposer(db: Db, expert: QuickReplyExpert): Promise<QuickReply[]> {
  const owner = await ownerOfExpert(db, expert);
  return (await repo.listForExpert(db, owner.organisationId, owner.expertId!)).map(toReply);
}

/** The expert's own replies, for their page. */
export async function listOwnReplies(db: Db, expert: QuickReplyExpert): Promise<QuickReply[]> {
  return (await repo.listOwned(db, await ownerOfExpert(db, expert))).map(toReply);
}

export async function createOwnReply(db: Db, expert: QuickReplyExpert, input: QuickReplyInput): Promise<QuickReply> {
  return create(db, await ownerOfExpert(db, expert), input);
}

/** Only the expert's own: the organisation's reply or a colleague's is 404 here. */
export async function updateOwnReply(db: Db, expert: QuickReplyExpert, id: string, input: QuickReplyInput): Promise<QuickReply> {
  return change(db, await ownerOfExpert(db, expert), id, input);
}

export async function deleteOwnReply(db: Db, expert: QuickReplyExpert, id: string): Promise<void> {
  return destroy(db, await ownerOfExpert(db, expert), id);
}
