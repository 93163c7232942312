import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export async function deleteStaffAuditBefore(tx: Tx, userIds: string[], cutoff: Date): Promise<number> {
  if (!userIds.length) return 0;
  const gone = await tx
    .delete(auditLog)
    .where(and(eq(auditLog.actorType, 'staff'), inArray(auditLog.actorId, userIds), lt(auditLog.at, cutoff)))
    .returning({ id: auditLog.id });
  return gone.length;
}
