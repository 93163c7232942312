import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { surveyResponses } from '../../db/schema';

export async function deleteSurveyResponsesBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const gone = await tx
    .delete(surveyResponses)
    .where(and(eq(surveyResponses.organisationId, organisationId), lt(surveyResponses.createdAt, cutoff)))
    .returning({ id: surveyResponses.id });
  return gone.length;
}
