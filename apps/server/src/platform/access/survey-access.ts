import type { Db } from '../../db/client';
import { readSurveyToken, type SurveyTokenGrant } from '../../modules/surveys/survey-tokens';
import { AppError } from '../app-error';

export type { SurveyTokenGrant };

/** The grant a live survey-frame token carries (101 when it is missing, unknown, expired or used). */
export async function loadSurveyGrant(db: Db, token: string | null, now = new Date()): Promise<SurveyTokenGrant> {
  const grant = token ? await readSurveyToken(db, token, now) : null;
  if (!grant) throw new AppError(101, { detail: 'survey token refused' });
  return grant;
}
