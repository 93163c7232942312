import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZFeedbackPlan, type FeedbackRequest } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/feedback` (spec §3 'Feedback'); a failure shows 'Saving error' (spec §7). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackRequest) => api('/api/feedback', z.null(), { method: 'POST', body }),
  });
}

/**
 * `GET /api/chat/channels/{id}/feedback-plan` (issue 29): whether the page asks its score, or a feedback survey
 * follows the chat instead. Asked once per visit of the page.
 */
export function useFeedbackPlan(channelId: string | undefined) {
  return useQuery({
    queryKey: ['patient', 'feedback-plan', channelId],
    queryFn: () => api(`/api/chat/channels/${encodeURIComponent(channelId!)}/feedback-plan`, ZFeedbackPlan),
    enabled: channelId !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}
