import { SCORE_RANGES, type ExpertFeedbackRequest, type FeedbackPlan, type FeedbackRequest } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { UNIQUE_VIOLATION, sqlState } from '../../platform/db-errors';
import { organisationOfAppointment } from './chat-appointments.repo';
import { insertChatFeedback } from './chat-feedback.repo';
import * as repo from './chat.repo';
import { channelFor, type ChatCaller } from './chat-participants';
import type { ExpertCaller } from './expert-chat.service';
import { feedbackSurveyAfter } from '../surveys/feedback-survey.service';

function checkScore(scoreType: keyof typeof SCORE_RANGES, score: number) {
  const range = SCORE_RANGES[scoreType];
  if (score < range.min || score > range.max) throw new AppError(400, { fields: [{ field: 'data.score', key: 'outOfRange' }] });
}

/** A chat is rated once from each side: a second rating is refused, not counted twice. */
async function insertOnce(db: Db, row: Parameters<typeof insertChatFeedback>[1]) {
  try {
    await insertChatFeedback(db, row);
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError(400, { fields: [{ field: 'channelId', key: 'duplicate' }], cause: err });
    throw err;
  }
}

/**
 * `GET /chat/channels/{id}/feedback-plan` (issue 29): decided here, not by the page, whether the feedback page asks
 * its score. A patient of the chat whom a feedback survey follows answers that survey instead; a guest (who gets no
 * surveys) is asked the score. The caller must have been in the chat (404 otherwise).
 */
export async function feedbackPlan(db: Db, caller: ChatCaller, channelId: string): Promise<FeedbackPlan> {
  if (caller.kind === 'expert') throw new AppError(403);
  const { channel, member } = await channelFor(db, caller, channelId);
  if (!member) throw new AppError(404);
  if (caller.kind !== 'patient') return { askScore: true, surveyResponseId: null };
  const survey = await feedbackSurveyAfter(db, channel, caller.patientId);
  return { askScore: !survey.follows, surveyResponseId: survey.responseId };
}

/**
 * `POST /feedback` (spec §3 'Feedback'): a patient's or guest's score of one type with the client's tags. With the
 * chat it rates, the organisation, service and expert come from the chat (the caller must have been in it);
 * without, from the patient's organisation (or the guest's appointment) and the `expertUuid` named, if it is theirs.
 */
export async function giveFeedback(db: Db, caller: ChatCaller, input: FeedbackRequest): Promise<void> {
  if (caller.kind === 'expert') throw new AppError(403);
  checkScore(input.scoreType, input.data.score);
  let organisationId: string;
  let serviceId: string | null = null;
  let expertId: string | null = null;
  if (input.channelId) {
    const { channel, member } = await channelFor(db, caller, input.channelId);
    if (!member) throw new AppError(404);
    organisationId = channel.organisationId;
    serviceId = channel.serviceId;
    expertId = channel.expertId;
  } else if (caller.kind === 'patient') {
    organisationId = caller.organisationId;
  } else {
    const appointmentOrganisation = await organisationOfAppointment(db, caller.appointmentId);
    if (appointmentOrganisation === undefined) throw new AppError(404);
    organisationId = appointmentOrganisation;
  }
  if (!expertId && input.expertUuid) {
    const known = (await repo.organisationExperts(db, organisationId)).some((e) => e.id === input.expertUuid);
    expertId = known ? input.expertUuid : null;
  }
  await insertOnce(db, {
    organisationId,
    channelId: input.channelId ?? null,
    serviceId,
    expertId,
    from: caller.kind,
    scoreType: input.scoreType,
    score: input.data.score,
    comment: input.data.comment || null,
    tags: input.data.tags,
  });
}

/** The expert's own feedback after a chat they were in (score type expertCes). */
export async function giveExpertFeedback(db: Db, caller: ExpertCaller, input: ExpertFeedbackRequest): Promise<void> {
  const { channel, member, me } = await channelFor(db, caller, input.channelId);
  if (!member) throw new AppError(404);
  await insertOnce(db, {
    organisationId: channel.organisationId,
    channelId: channel.id,
    serviceId: channel.serviceId,
    expertId: me.userId,
    from: 'expert',
    scoreType: 'expertCes',
    score: input.score,
    comment: input.comment || null,
    tags: {},
  });
}
