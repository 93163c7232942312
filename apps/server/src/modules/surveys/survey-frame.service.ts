import {
  checkAnswers,
  hasRedFlag,
  type FieldMessageKey,
  type Language,
  type RunnerAnswered,
  type RunnerSurvey,
  type SurveyAnswers,
  type SurveyTokenResponse,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { patientActor, type PatientContext } from '../../platform/access/patient-access';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues } from '../../platform/field-errors';
import type { Emit } from '../../platform/events/event-hub';
import * as repo from './survey-frame.repo';
import { issueSurveyToken, useSurveyTokens, type SurveyTokenAudience, type SurveyTokenGrant } from './survey-tokens';

export type FrameToken = {
  responseId: string;
  organisationId: string;
  audience: SurveyTokenAudience;
  patientId?: string;
  expertId?: string;
  language: Language;
  /** The runner page's absolute address. */
  runnerUrl: string;
};

/**
 * Spec §3 'Survey token response' for either audience: a fresh token bound to the response, the runner's address and
 * the organisation's colours. The caller has checked that the patient or expert may see the response (the expert
 * variant's route calls this too).
 */
export async function frameToken(tx: Tx, input: FrameToken): Promise<SurveyTokenResponse> {
  const colours = await repo.organisationColours(tx, input.organisationId);
  if (!colours) throw new AppError(404);
  const { token } = await issueSurveyToken(tx, input);
  return { url: input.runnerUrl, token, theme: colours };
}

/**
 * `GET /api/survey/token/{responseId}`: the effective patient's own response only (anyone else's is 404, whichever
 * organisation is selected), with what it is about (the visit's time and professional) for the page. An answered or closed one still gets a token: the runner shows it read-only, and a
 * closed one tells the page it is done at once, so the page shows its closed state (spec: a closed survey shows
 * closed).
 */
export async function patientSurveyToken(
  db: Db,
  ctx: PatientContext,
  input: { responseId: string; language: Language; runnerUrl: string; ip: string },
): Promise<SurveyTokenResponse> {
  return db.transaction(async (tx) => {
    const response = await repo.patientResponse(tx, ctx.patientId, input.responseId);
    if (!response) throw new AppError(404);
    const answer = await frameToken(tx, {
      responseId: response.id,
      organisationId: response.organisationId,
      audience: 'patient',
      patientId: ctx.patientId,
      language: input.language,
      runnerUrl: input.runnerUrl,
    });
    await recordAudit(tx, { ...patientActor(ctx, input.ip), action: 'survey.token', objectType: 'surveyResponse', objectId: response.id });
    // The page says which visit the survey is about and whose it was (issue 29).
    const professional = response.expertFirstName === null ? null : `${response.expertFirstName} ${response.expertLastName ?? ''}`.trim();
    return {
      ...answer,
      about: { appointmentAt: response.appointmentAt?.getTime() ?? null, sentAt: response.createdAt.getTime(), professional },
    };
  });
}

/** `GET /api/survey/close/{responseId}`: the patient's page closes the survey; its patient tokens end. Idempotent. */
export async function closeSurvey(db: Db, ctx: PatientContext, responseId: string, ip: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const response = await repo.patientResponse(tx, ctx.patientId, responseId);
    if (!response) throw new AppError(404);
    const closed = await repo.closeResponse(tx, responseId, now);
    await useSurveyTokens(tx, responseId, now);
    if (closed)
      await recordAudit(tx, { ...patientActor(ctx, ip), action: 'survey.close', objectType: 'surveyResponse', objectId: responseId });
  });
}

async function grantedResponse(tx: Tx, grant: SurveyTokenGrant, opts: { lock?: boolean } = {}) {
  const row = await repo.responseWithVersion(tx, grant.responseId, opts);
  // A patient token names its patient; a response without a version has no questions to show.
  if (!row?.version || (grant.audience === 'patient' && row.response.patientId !== grant.patientId)) throw new AppError(404);
  return { response: row.response, version: row.version };
}

/**
 * `GET /api/survey-runner/survey`: the survey of the token's response, as the runner shows it. A patient sees their
 * answers once given; an expert reads only, and their reading is audited (answers are patient data).
 */
export async function runnerSurvey(db: Db, grant: SurveyTokenGrant, ip: string): Promise<RunnerSurvey> {
  return db.transaction(async (tx) => {
    const { response, version } = await grantedResponse(tx, grant);
    const answered = response.respondedAt !== null;
    if (grant.audience === 'expert') {
      const actorId = grant.expertId ? await repo.expertUserId(tx, grant.expertId) : null;
      // The runner's token route is no staff route, so it logs its read itself, in the same form as theirs.
      await recordAudit(tx, {
        actorType: 'staff',
        actorId,
        actorRole: 'expert',
        organisationId: response.organisationId,
        patientId: response.patientId,
        action: 'survey.read',
        objectType: 'surveyResponse',
        objectId: response.id,
        ip,
      });
    }
    return {
      responseId: response.id,
      name: version.name,
      intro: version.intro,
      questions: version.questions,
      audience: grant.audience,
      language: grant.language,
      readOnly: grant.audience === 'expert' || answered || response.closedAt !== null,
      closed: response.closedAt !== null,
      answers: answered ? (response.answers ?? {}) : null,
      respondedAt: response.respondedAt?.toISOString() ?? null,
      redFlag: answered && hasRedFlag(version.questions, response.answers),
    };
  });
}

/**
 * `POST /api/survey-runner/answers`: a patient token only (an expert's reads: 403). The answers are checked against
 * the version asked (`checkAnswers`: hidden questions' answers dropped, required ones present, each valid; field
 * errors as `answers.{questionId}`), stored with the token's language and the time, and the response's patient
 * tokens end, all in one transaction. An answered or closed response takes no second set (403). Answers whether the
 * stored answers pick a red-flag option of the version (never the client's word): the runner then tells the patient
 * to call 112 at once (issue 29).
 */
export async function submitAnswers(
  deps: { db: Db; emit: Emit },
  grant: SurveyTokenGrant,
  answers: SurveyAnswers,
  ip: string,
  now = new Date(),
): Promise<RunnerAnswered> {
  if (grant.audience !== 'patient') throw new AppError(403, { detail: 'an expert token only reads' });
  return deps.db.transaction(async (tx) => {
    const { response, version } = await grantedResponse(tx, grant, { lock: true });
    if (response.respondedAt || response.closedAt) throw new AppError(403, { detail: 'survey already answered or closed' });
    const checked = checkAnswers(version.questions, answers);
    if (!checked.ok)
      throwIfFieldIssues(Object.entries(checked.errors).map(([id, key]) => ({ field: `answers.${id}`, key: key as FieldMessageKey })));
    else await repo.updateResponse(tx, response.id, { answers: checked.answers, language: grant.language, respondedAt: now });
    await useSurveyTokens(tx, response.id, now);
    await recordAudit(tx, {
      actorType: 'patient',
      actorId: response.patientId,
      action: 'survey.answer',
      objectType: 'surveyResponse',
      objectId: response.id,
      ip,
    });
    await deps.emit(
      tx,
      'survey.answered',
      { organisationId: response.organisationId, responseId: response.id, appointmentId: response.appointmentId },
      now,
    );
    return { respondedAt: now.toISOString(), redFlag: checked.ok && hasRedFlag(version.questions, checked.answers) };
  });
}
