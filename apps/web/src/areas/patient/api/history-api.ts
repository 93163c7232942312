import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZHistoryItem, ZTranscript } from '@prsp/contracts';
import { api } from '@/lib/api-client';

export const historyKeys = {
  list: ['patient', 'history'] as const,
  transcript: (id: string) => ['patient', 'history', 'transcript', id] as const,
};

/** `GET /api/ninchat/my-transcripts`: the patient's chats of the kept period (spec §9: 90 days), newest first. */
export function useMyTranscripts() {
  return useQuery({ queryKey: historyKeys.list, queryFn: () => api('/api/ninchat/my-transcripts', z.array(ZHistoryItem)) });
}

/** `GET /api/ninchat/transcript?id=`: one chat's members, messages and files. */
export function useTranscript(id: string) {
  return useQuery({
    queryKey: historyKeys.transcript(id),
    queryFn: () => api(`/api/ninchat/transcript?id=${encodeURIComponent(id)}`, ZTranscript),
    retry: false,
  });
}
