import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { surveyTokens } from '../../db/schema';

/** Stores a survey frame's token by its hash (the token itself is never stored). */
export async function insertSurveyToken(tx: Tx, values: typeof surveyTokens.$inferInsert): Promise<void> {
  await tx.insert(surveyTokens).values(values);
}

/** Marks the response's unused patient tokens used (expert tokens stay). */
export async function markPatientTokensUsed(tx: Tx, responseId: string, now: Date): Promise<void> {
  await tx
    .update(surveyTokens)
    .set({ usedAt: now })
    .where(and(eq(surveyTokens.responseId, responseId), eq(surveyTokens.audience, 'patient'), isNull(surveyTokens.usedAt)));
}
