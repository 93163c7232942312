import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZChatCodeResponse, ZPendingSurvey, ZServicesResponse } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** Spec §9: lists refresh every 5 seconds. */
const LIST_REFRESH_MS = 5_000;

/** `GET /api/services`: the patient's appointments, the open services and the chat-code services. */
export function useServices(enabled = true) {
  return useQuery({
    queryKey: ['patient', 'services'],
    queryFn: () => api('/api/services', ZServicesResponse),
    enabled,
    refetchInterval: LIST_REFRESH_MS,
  });
}

export function usePendingSurveys() {
  return useQuery({ queryKey: ['patient', 'surveys', 'pending'], queryFn: () => api('/api/surveys/pending', z.array(ZPendingSurvey)) });
}

/** `POST /api/services/chatCode/{code}`: the service the code opens, or statusCode 101/201–204/500/501. */
export function useChatCode() {
  return useMutation({
    mutationFn: (code: string) => api(`/api/services/chatCode/${encodeURIComponent(code)}`, ZChatCodeResponse, { method: 'POST' }),
  });
}
