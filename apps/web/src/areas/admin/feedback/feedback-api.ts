import { useQuery } from '@tanstack/react-query';
import { ZFeedbackSummary } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** The organisation's feedback results for a period of Helsinki calendar days (`YYYY-MM-DD`, both counted). */
export function useFeedbackResults(period: { from: string; to: string }) {
  return useQuery({
    queryKey: ['admin', 'feedback', period.from, period.to],
    queryFn: () => api(`/api/admin/feedback?${new URLSearchParams(period).toString()}`, ZFeedbackSummary),
  });
}
