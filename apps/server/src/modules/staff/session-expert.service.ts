import type { Tx } from '../../db/client';
import type { ExpertContext } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { expertRowsOfUser } from './staff.repo';

/** The expert a request works as: their expert row in the session's organisation. */
export type SessionExpert = { id: string; userId: string; organisationId: string; name: string };

/**
 * The caller's expert row in the organisation the session works in (403 when they are no expert there). A session
 * without an organisation works in the expert's only one; with several, the expert must choose first.
 */
export async function expertOfSession(tx: Tx, ctx: ExpertContext): Promise<SessionExpert> {
  const rows = await expertRowsOfUser(tx, ctx.userId, ctx.organisationId);
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row) throw new AppError(403, { detail: 'no expert row in the session organisation' });
  return { id: row.id, userId: row.userId, organisationId: row.organisationId, name: `${row.first} ${row.last}` };
}
