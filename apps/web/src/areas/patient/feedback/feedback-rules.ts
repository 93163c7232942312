import { z } from 'zod/mini';
import { PATIENT_SCORE_TYPES, ZLocalized, type FeedbackRequest } from '@prsp/contracts';

export type PatientScoreType = (typeof PATIENT_SCORE_TYPES)[number];

/**
 * Spec §4 'Feedback': one of the three score types at random, each as likely. `random` is `Math.random` on the page
 * (chosen once per visit) and a fixed value in tests.
 */
export function pickScoreType(random: () => number = Math.random): PatientScoreType {
  const index = Math.min(PATIENT_SCORE_TYPES.length - 1, Math.max(0, Math.floor(random() * PATIENT_SCORE_TYPES.length)));
  return PATIENT_SCORE_TYPES[index]!;
}

/** Narrower than the desktop header's breakpoint (768 px, spec §9) counts as a phone for the feedback's device tag. */
export function deviceOf(viewportWidth: number): 'mobile' | 'desktop' {
  return viewportWidth < 768 ? 'mobile' : 'desktop';
}

/**
 * What the chat page hands the feedback page in the router state as the chat ends. The service name may come as
 * the channel's names per language or as one text; anything else (a reload of an old entry, a typed URL) counts
 * as no chat, and the feedback is sent without one.
 */
export const ZFeedbackRouteState = z.object({
  channelId: z.string(),
  expertId: z.nullable(z.string()),
  serviceName: z.nullable(z.union([z.string(), ZLocalized])),
});
export type FeedbackRouteState = z.infer<typeof ZFeedbackRouteState>;

export function readFeedbackState(state: unknown): FeedbackRouteState | null {
  const parsed = ZFeedbackRouteState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/**
 * `POST /api/feedback` (spec §3 'Feedback'): the score with the spec's tags, the comment when one was written.
 * The service is tagged by its Finnish name (the default language), so figures do not split by the patient's language.
 */
export function feedbackRequest(input: {
  score: number;
  comment: string;
  scoreType: PatientScoreType;
  chat: FeedbackRouteState | null;
  organisation: string;
  viewportWidth: number;
}): FeedbackRequest {
  const service = input.chat?.serviceName;
  const comment = input.comment.trim();
  return {
    data: {
      score: input.score,
      tags: {
        environment: 'web',
        device: deviceOf(input.viewportWidth),
        organization: input.organisation,
        serviceName: typeof service === 'string' ? service : (service?.fi ?? ''),
      },
      ...(comment ? { comment } : {}),
    },
    scoreType: input.scoreType,
    expertUuid: input.chat?.expertId ?? null,
    ...(input.chat ? { channelId: input.chat.channelId } : {}),
  };
}
