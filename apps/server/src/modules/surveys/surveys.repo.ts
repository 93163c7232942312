import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { surveyResponses } from '../../db/schema';

/** Surveys sent to a patient in one organisation, not yet answered nor closed, oldest first. */
export function listPendingSurveys(tx: Tx, patientId: string, organisationId: string) {
  return tx
    .select({ id: surveyResponses.id, surveyName: surveyResponses.surveyName })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.patientId, patientId),
        eq(surveyResponses.organisationId, organisationId),
        isNull(surveyResponses.respondedAt),
        isNull(surveyResponses.closedAt),
      ),
    )
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id));
}
