import type { Db, Tx } from '../../db/client';
import type { Language } from '@prsp/contracts';
import { AppError } from '../app-error';
import { sha256 } from '../crypto/tokens';
import { findLiveSurveyToken } from './access.repo';

/** Who may open a survey frame: a patient answering, or an expert reading (surveys/survey-tokens.ts issues them). */
export type SurveyTokenAudience = 'patient' | 'expert';

export type SurveyTokenGrant = {
  tokenId: string;
  responseId: string;
  audience: SurveyTokenAudience;
  patientId: string | null;
  expertId: string | null;
  language: Language;
};

/** The grant a presented token carries, or null when it is unknown, expired or used. */
export async function readSurveyToken(tx: Tx, token: string, now = new Date()): Promise<SurveyTokenGrant | null> {
  if (!token || token.length > 200) return null;
  return (await findLiveSurveyToken(tx, sha256(token), now)) ?? null;
}

/** The grant a live survey-frame token carries (101 when it is missing, unknown, expired or used). */
export async function loadSurveyGrant(db: Db, token: string | null, now = new Date()): Promise<SurveyTokenGrant> {
  const grant = token ? await readSurveyToken(db, token, now) : null;
  if (!grant) throw new AppError(101, { detail: 'survey token refused' });
  return grant;
}
