import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatCodeGroups, chatCodes, services } from '../../db/schema';

/**
 * A code of the organisation's groups, of either target, with its group's terms and what it opens. `lock` takes the
 * code's row lock (FOR UPDATE OF chat_codes) until the caller's transaction ends, and reads the use count as the
 * lock found it: two patients taking a code's last use take turns.
 */
export async function findCode(tx: Tx, organisationId: string, code: string, lock = false) {
  const query = tx
    .select({
      codeId: chatCodes.id,
      useCount: chatCodes.useCount,
      startsAt: chatCodeGroups.startsAt,
      expiresAt: chatCodeGroups.expiresAt,
      usesPerCode: chatCodeGroups.usesPerCode,
      serviceId: chatCodeGroups.serviceId,
      subcategoryId: chatCodeGroups.subcategoryId,
    })
    .from(chatCodes)
    .innerJoin(chatCodeGroups, eq(chatCodeGroups.id, chatCodes.groupId))
    .where(and(eq(chatCodes.code, code), eq(chatCodeGroups.organisationId, organisationId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: chatCodes }) : await query;
  return row;
}

/** The organisation's service, whole (what a chat code answers the patient). */
export async function serviceOfOrganisation(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Counts one use of the code, in the database so that no concurrent count is lost. */
export async function countCodeUse(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(chatCodes)
    .set({ useCount: sql`${chatCodes.useCount} + 1` })
    .where(eq(chatCodes.id, codeId));
}
