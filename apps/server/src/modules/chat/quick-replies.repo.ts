import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts, quickReplies } from '../../db/schema';

export type QuickReplyRow = typeof quickReplies.$inferSelect;
export type QuickReplyValues = Pick<QuickReplyRow, 'shortcut' | 'title' | 'texts'>;

/** Whose replies a query works on: the organisation's (expertId null) or one expert's own. */
export type QuickReplyOwner = { organisationId: string; expertId: string | null };

const ownedBy = (owner: QuickReplyOwner) =>
  and(
    eq(quickReplies.organisationId, owner.organisationId),
    owner.expertId === null ? isNull(quickReplies.expertId) : eq(quickReplies.expertId, owner.expertId),
  );

/** The expert row of a staff user in an organisation (the owner of their own replies). */
export async function expertIdOf(tx: Tx, userId: string, organisationId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: experts.id })
    .from(experts)
    .where(and(eq(experts.userId, userId), eq(experts.organisationId, organisationId)));
  return row?.id;
}

export function listOwned(tx: Tx, owner: QuickReplyOwner): Promise<QuickReplyRow[]> {
  return tx.select().from(quickReplies).where(ownedBy(owner)).orderBy(asc(quickReplies.shortcut));
}

/** The organisation's replies and the expert's own, for the composer. */
export function listForExpert(tx: Tx, organisationId: string, expertId: string): Promise<QuickReplyRow[]> {
  return tx
    .select()
    .from(quickReplies)
    .where(and(eq(quickReplies.organisationId, organisationId), or(isNull(quickReplies.expertId), eq(quickReplies.expertId, expertId))))
    .orderBy(asc(quickReplies.shortcut));
}

export async function countOwned(tx: Tx, owner: QuickReplyOwner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(quickReplies).where(ownedBy(owner));
  return row?.n ?? 0;
}

export async function findOwned(tx: Tx, owner: QuickReplyOwner, id: string): Promise<QuickReplyRow | undefined> {
  const [row] = await tx
    .select()
    .from(quickReplies)
    .where(and(ownedBy(owner), eq(quickReplies.id, id)));
  return row;
}

export async function insert(tx: Tx, owner: QuickReplyOwner, values: QuickReplyValues): Promise<QuickReplyRow> {
  const [row] = await tx
    .insert(quickReplies)
    .values({ ...owner, ...values })
    .returning();
  return row!;
}

export async function update(tx: Tx, owner: QuickReplyOwner, id: string, values: QuickReplyValues): Promise<QuickReplyRow | undefined> {
  const [row] = await tx
    .update(quickReplies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ownedBy(owner), eq(quickReplies.id, id)))
    .returning();
  return row;
}

export async function remove(tx: Tx, owner: QuickReplyOwner, id: string): Promise<boolean> {
  const rows = await tx
    .delete(quickReplies)
    .where(and(ownedBy(owner), eq(quickReplies.id, id)))
    .returning({ id: quickReplies.id });
  return rows.length > 0;
}
