import type { Tx } from '../../db/client';
import { surveysForAppointment, surveysForService } from './survey-attachments.service';
import { pendingAfterResponse } from './feedback-survey.repo';

/** The chat whose end the patient gives feedback on, as far as its surveys go. */
export type EndedChat = {
  organisationId: string;
  serviceId: string | null;
  appointmentId: string | null;
  expertId: string | null;
  acceptedAt: Date | null;
  createdAt: Date;
};

/**
 * Whether a feedback survey (an `after` one) follows the chat for this patient, and the one waiting now if it has
 * been sent (issue 29: the patient is then not asked a second 0–10 score). An appointment's `after` surveys follow
 * it, at once when its expert ended the chat, else at its booked end; a walk-in chat's service's `after` surveys
 * follow it once an expert took it (they are sent as it ends).
 */
export async function feedbackSurveyAfter(
  tx: Tx,
  chat: EndedChat,
  patientId: string,
): Promise<{ follows: boolean; responseId: string | null }> {
  const responseId =
    (await pendingAfterResponse(tx, { patientId, appointmentId: chat.appointmentId, expertId: chat.expertId, since: chat.createdAt })) ??
    null;
  if (responseId) return { follows: true, responseId };
  const surveys = chat.appointmentId
    ? await surveysForAppointment(tx, chat.appointmentId)
    : chat.serviceId && chat.acceptedAt
      ? await surveysForService(tx, chat.organisationId, chat.serviceId)
      : [];
  return { follows: surveys.some((s) => s.timing === 'after'), responseId: null };
}
