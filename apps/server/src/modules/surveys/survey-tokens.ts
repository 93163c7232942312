import type { Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import { insertSurveyToken, markPatientTokensUsed } from './survey-tokens.repo';
import type { SurveyTokenAudience } from '../../platform/access/survey-access';
export type { SurveyTokenAudience, SurveyTokenGrant } from '../../platform/access/survey-access';

/** How long a survey frame's token works: long enough to answer a survey, short enough that a leaked one soon dies. */
export const SURVEY_TOKEN_TTL_MS = 60 * 60_000;

export type IssueSurveyToken = {
  responseId: string;
  audience: SurveyTokenAudience;
  /** The patient who may answer (a patient token), or the expert who reads (an expert token). */
  patientId?: string;
  expertId?: string;
  language: Language;
  now?: Date;
};

/**
 * Makes the token the survey frame authenticates with: random, bound to one response and one audience, stored only
 * as its SHA-256. The caller has checked that the patient or expert may see the response.
 */
export async function issueSurveyToken(tx: Tx, input: IssueSurveyToken): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SURVEY_TOKEN_TTL_MS);
  await insertSurveyToken(tx, {
    tokenHash: sha256(token),
    responseId: input.responseId,
    audience: input.audience,
    patientId: input.patientId ?? null,
    expertId: input.expertId ?? null,
    language: input.language,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** Ends the patient tokens of a response (answers sent, or the survey closed): refused from now on; experts still read. */
export async function useSurveyTokens(tx: Tx, responseId: string, now = new Date()): Promise<void> {
  await markPatientTokensUsed(tx, responseId, now);
}
