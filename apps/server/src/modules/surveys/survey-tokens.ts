import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { surveyTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/crypto/tokens';

/** How long a survey frame's token works: long enough to answer a survey, short enough that a leaked one soon dies. */
export const SURVEY_TOKEN_TTL_MS = 60 * 60_000;

export type SurveyTokenAudience = 'patient' | 'expert';

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
  await tx.insert(surveyTokens).values({
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
  const [row] = await tx
    .select({
      tokenId: surveyTokens.id,
      responseId: surveyTokens.responseId,
      audience: surveyTokens.audience,
      patientId: surveyTokens.patientId,
      expertId: surveyTokens.expertId,
      language: surveyTokens.language,
    })
    .from(surveyTokens)
    .where(and(eq(surveyTokens.tokenHash, sha256(token)), gt(surveyTokens.expiresAt, now), isNull(surveyTokens.usedAt)));
  return row ?? null;
}

/** Ends the patient tokens of a response (answers sent, or the survey closed): refused from now on; experts still read. */
export async function useSurveyTokens(tx: Tx, responseId: string, now = new Date()): Promise<void> {
  await tx
    .update(surveyTokens)
    .set({ usedAt: now })
    .where(and(eq(surveyTokens.responseId, responseId), eq(surveyTokens.audience, 'patient'), isNull(surveyTokens.usedAt)));
}
