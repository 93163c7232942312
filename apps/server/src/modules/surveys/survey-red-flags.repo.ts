import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { surveyResponses, surveyTemplateVersions } from '../../db/schema';

/** The answered responses of some appointments with the questions of the version asked: what red flags are read from. */
export function answeredOfAppointments(tx: Tx, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      appointmentId: surveyResponses.appointmentId,
      answers: surveyResponses.answers,
      questions: surveyTemplateVersions.questions,
    })
    .from(surveyResponses)
    .innerJoin(surveyTemplateVersions, eq(surveyTemplateVersions.id, surveyResponses.templateVersionId))
    .where(and(inArray(surveyResponses.appointmentId, [...appointmentIds]), isNotNull(surveyResponses.respondedAt)));
}
