import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { surveyResponses } from '../../db/schema';

/**
 * The patient's newest `after` survey still waiting for answers: of the appointment, or (`appointmentId` null) of a
 * walk-in chat, sent by its expert since the chat began.
 */
export async function pendingAfterResponse(
  tx: Tx,
  who: { patientId: string; appointmentId: string | null; expertId: string | null; since: Date },
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.patientId, who.patientId),
        eq(surveyResponses.trigger, 'after'),
        isNull(surveyResponses.respondedAt),
        isNull(surveyResponses.closedAt),
        who.appointmentId
          ? eq(surveyResponses.appointmentId, who.appointmentId)
          : and(
              isNull(surveyResponses.appointmentId),
              who.expertId ? eq(surveyResponses.expertId, who.expertId) : isNull(surveyResponses.expertId),
              gte(surveyResponses.createdAt, who.since),
            ),
      ),
    )
    .orderBy(desc(surveyResponses.createdAt))
    .limit(1);
  return row?.id;
}
