import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { FeedbackRequest } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/feedback` (spec §3 'Feedback'); a failure shows 'Saving error' (spec §7). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackRequest) => api('/api/feedback', z.null(), { method: 'POST', body }),
  });
}
