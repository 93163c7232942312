import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ExpertFeedbackRequest } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/expert/feedback` (score type expertCes, 1–7): the expert's own view of a chat that ended. */
export function useSendExpertFeedback() {
  return useMutation({
    mutationFn: (body: ExpertFeedbackRequest) => api('/api/expert/feedback', z.null(), { method: 'POST', body }),
  });
}
