import {
  appointmentIdsOf,
  hasRedFlag,
  isValidSsn,
  localizedOrganisationName,
  maskIdentityCode,
  SURVEY_REMINDER_INTERVAL_MS,
  type ExpertSurveyItem,
  type ExpertSurveySend,
  type ExpertSurveysQuery,
  type Language,
  type SurveyExpertRef,
  type SurveyForwarded,
  type SurveyReminded,
  type SurveyTokenResponse,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { MailOrigin } from '../../platform/mail/sender';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { PatientRead, PatientReads } from '../../platform/audit/patient-reads';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { SessionExpert } from '../staff/session-expert.service';
import { identityCodeOf, patientForIdentityCode } from '../patients/patients.service';
import { answersPdf } from './survey-answers-pdf';
import * as repo from './survey-expert.repo';
import { frameToken } from './survey-frame.service';
import { remindPatient } from './survey-notifications';
import { sendSurveyToPatient } from './survey-responses.service';
import { forwardResponse } from './survey-forwarding';

/** The expert's survey work (spec §2 `/expert/surveys`, `/expert/surveyAnswers`; §7 'Surveys'; docs/surveys.md). */

export type SurveyActor = { expert: SessionExpert; ip: string };

function audit(tx: Tx, actor: SurveyActor, action: string, responseId: string, details?: Record<string, unknown>) {
  return recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.expert.userId,
    action,
    objectType: 'surveyResponse',
    objectId: responseId,
    ip: actor.ip,
    details,
  });
}

/** A response an answer shows: its patient's data, for the audit of the read. */
function responseRead(response: { id: string; patientId: string; organisationId: string }): PatientRead {
  return { patientId: response.patientId, organisationId: response.organisationId, objectType: 'surveyResponse', objectId: response.id };
}

/** A response the expert sees, locked when `lock`; anything else answers 404, as if it did not exist. */
async function visibleResponse(tx: Tx, expert: SessionExpert, responseId: string, lock = false): Promise<repo.ResponseRow> {
  const row = await repo.responseWhere(tx, responseId, repo.visibleToExpert(expert), lock);
  if (!row) throw new AppError(404);
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toItem(r: repo.ListedResponse): ExpertSurveyItem {
  return {
    responseId: r.id,
    surveyName: r.surveyName,
    patientName: `${r.givenName} ${r.familyName}`.trim(),
    appointment:
      r.appointmentId && r.appointmentName !== null && r.appointmentStartsAt
        ? { id: r.appointmentId, name: r.appointmentName, startTime: r.appointmentStartsAt.toISOString() }
        : null,
    sentAt: r.createdAt.toISOString(),
    respondedAt: iso(r.respondedAt),
    state: r.respondedAt ? 'answered' : 'open',
    closed: r.respondedAt === null && r.closedAt !== null,
    forwardedTo: r.forwardedToExpertId
      ? { id: r.forwardedToExpertId, name: `${r.forwardedFirst ?? ''} ${r.forwardedLast ?? ''}`.trim() }
      : null,
    forwardedAt: iso(r.forwardedAt),
    lastReminderAt: iso(r.lastReminderAt),
    redFlag: r.respondedAt !== null && hasRedFlag(r.questions ?? [], r.answers),
  };
}

/**
 * `GET survey-expert/surveys`: the responses the expert sees, red-flag answers first (issue 29: an alarm answer must
 * not sink below the day's routine ones), then newest first; with `appointmentUuids` only those of
 * the appointments named (the `/appointment` view), with `state` only open or answered ones, with `forwarded=true`
 * only those forwarded to the caller, with `responseId` that one (the answers page). Names, times and the red flag only: the answers are read through the audited token or PDF.
 */
export async function listSurveys(db: Db, expert: SessionExpert, q: ExpertSurveysQuery, reads: PatientReads): Promise<ExpertSurveyItem[]> {
  const rows = await repo.listResponses(db, repo.visibleToExpert(expert), {
    appointmentIds: appointmentIdsOf(q),
    responseId: q.responseId,
    state: q.state,
    forwardedTo: q.forwarded === 'true' ? expert.id : undefined,
  });
  reads.show(rows.map((r) => ({ patientId: r.patientId, organisationId: r.organisationId, objectType: 'surveyResponse', objectId: r.id })));
  const items = rows.map(toItem);
  // A stable sort keeps the newest-first order within each group.
  return [...items.filter((i) => i.redFlag), ...items.filter((i) => !i.redFlag)];
}

/**
 * `GET survey-expert/token/{responseId}`: a read-only token of the expert audience for the survey frame (the same
 * answer as the patient's, `frameToken`), in the expert's language. Written to the audit log: answers are patient
 * data, and the runner logs the reading itself too.
 */
export async function expertSurveyToken(
  db: Db,
  actor: SurveyActor,
  input: { responseId: string; language: Language; runnerUrl: string },
  reads: PatientReads,
): Promise<SurveyTokenResponse> {
  return db.transaction(async (tx) => {
    const response = await visibleResponse(tx, actor.expert, input.responseId);
    const answer = await frameToken(tx, {
      responseId: response.id,
      organisationId: response.organisationId,
      audience: 'expert',
      expertId: actor.expert.id,
      language: input.language,
      runnerUrl: input.runnerUrl,
    });
    reads.show([responseRead(response)]);
    return answer;
  });
}

/** `POST survey-expert/forward`: to another expert of the organisation, who is told by e-mail (docs/surveys.md). */
export async function forwardAsExpert(
  db: Db,
  origin: MailOrigin,
  actor: SurveyActor,
  responseId: string,
  expertId: string,
): Promise<SurveyForwarded> {
  return db.transaction(async (tx) => {
    const response = await visibleResponse(tx, actor.expert, responseId, true);
    const forwarded = await forwardResponse(tx, origin, response, expertId);
    await audit(tx, actor, 'survey.forward', response.id, { toExpertId: expertId });
    return forwarded;
  });
}

/**
 * `POST survey-expert/reminder`: only for a survey not answered or closed (403), at most once per
 * SURVEY_REMINDER_INTERVAL_MS (429, with when it may be tried again). E-mail and SMS through the outbox with the
 * survey page's link; `lastReminderAt` is set only when something was sent.
 */
export async function remind(
  db: Db,
  origin: MailOrigin,
  actor: SurveyActor,
  responseId: string,
  now = new Date(),
): Promise<SurveyReminded> {
  return db.transaction(async (tx) => {
    const response = await visibleResponse(tx, actor.expert, responseId, true);
    if (response.respondedAt || response.closedAt) throw new AppError(403, { detail: 'survey already answered or closed' });
    const last = response.lastReminderAt;
    if (last && now.getTime() - last.getTime() < SURVEY_REMINDER_INTERVAL_MS)
      throw new AppError(429, { detail: 'reminded recently', retryAt: new Date(last.getTime() + SURVEY_REMINDER_INTERVAL_MS) });
    const sent = await remindPatient(tx, origin, response);
    if (!sent.email && !sent.sms) return { ...sent, lastReminderAt: iso(last) };
    await repo.updateResponse(tx, response.id, { lastReminderAt: now });
    await audit(tx, actor, 'survey.reminder', response.id, sent);
    return { ...sent, lastReminderAt: now.toISOString() };
  });
}

/**
 * `POST survey-expert/send`: the template to the patient of the identity code (105 when not valid), found by its
 * keyed hash or created with the name given, as a new message does; read first by the sending expert.
 */
export async function sendSurvey(
  db: Db,
  cipher: FieldCipher,
  actor: SurveyActor,
  input: ExpertSurveySend,
): Promise<{ responseId: string }> {
  if (!isValidSsn(input.ssn)) throw new AppError(105, { fields: [{ field: 'ssn', key: 'ssn' }] });
  return db.transaction(async (tx) => {
    const parts = input.name.trim().split(/\s+/);
    const patient = await patientForIdentityCode(tx, cipher, {
      ssn: input.ssn,
      givenName: parts.length > 1 ? parts.slice(0, -1).join(' ') : parts[0]!,
      familyName: parts.length > 1 ? parts.at(-1)! : '',
    });
    const responseId = await sendSurveyToPatient(tx, {
      organisationId: actor.expert.organisationId,
      patientId: patient.id,
      templateId: input.templateId,
      expertId: actor.expert.id,
    });
    await audit(tx, actor, 'survey.send', responseId);
    return { responseId };
  });
}

/** `GET survey-expert/experts`: the organisation's other experts with an active account, to forward to. */
export async function colleagues(db: Db, expert: SessionExpert): Promise<SurveyExpertRef[]> {
  const rows = await repo.expertsOfOrganisation(db, expert.organisationId, expert.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}

/**
 * `GET survey-expert/answers_pdf/{responseId}`: the answers as a PDF in the expert's language, written to the audit
 * log. A response without a version asked has no questions to print (404).
 */
export async function answersPdfOf(
  db: Db,
  cipher: FieldCipher,
  actor: SurveyActor,
  responseId: string,
  language: Language,
  reads: PatientReads,
): Promise<{ pdf: Buffer; filename: string }> {
  const source = await db.transaction(async (tx) => {
    const response = await visibleResponse(tx, actor.expert, responseId);
    const row = await repo.pdfSource(tx, response.id);
    if (!row?.version) throw new AppError(404, { detail: 'response has no version' });
    reads.show([responseRead(response)]);
    return { ...row, version: row.version };
  });
  const pdf = await answersPdf({
    // The organisation as the PDF's language names it (Vantaa / Vanda).
    organisationName: localizedOrganisationName(source.organisation.name, source.organisation.nameSe, source.organisation.nameEn)[language],
    surveyName: source.version.name,
    version: source.version.version,
    patientName: `${source.patient.givenName} ${source.patient.familyName}`.trim(),
    maskedIdentityCode: maskIdentityCode(identityCodeOf(cipher, source.patient)),
    sentAt: source.response.createdAt,
    respondedAt: source.response.respondedAt,
    questions: source.version.questions,
    answers: source.response.answers,
    language,
  });
  return { pdf, filename: `survey-${responseId}.pdf` };
}
