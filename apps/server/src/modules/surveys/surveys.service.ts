import type { PendingSurvey } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import * as repo from './surveys.repo';

/** Spec §3 'Pending survey': the effective patient's unanswered surveys in the selected organisation. */
export async function pendingSurveys(tx: Tx, patientId: string, organisationId: string): Promise<PendingSurvey[]> {
  const rows = await repo.listPendingSurveys(tx, patientId, organisationId);
  return rows.map((r) => ({ response_id: r.id, survey_name: r.surveyName }));
}
