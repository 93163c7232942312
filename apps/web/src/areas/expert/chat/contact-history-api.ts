import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZChatHistoryPage, ZContactHistoryItem, ZTranscript } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/expert/chat/contact-history/{patientId}`: the patient's earlier chats with the organisation. */
export function useContactHistory(patientId: string) {
  return useQuery({
    queryKey: ['expert', 'contactHistory', patientId],
    queryFn: () => api(`/api/expert/chat/contact-history/${encodeURIComponent(patientId)}`, z.array(ZContactHistoryItem)),
  });
}

/** `GET /api/expert/chat/channels/{id}/transcript`: one earlier chat's members, messages and files. */
export function useChannelTranscript(channelId: string) {
  return useQuery({
    queryKey: ['expert', 'transcript', channelId],
    queryFn: () => api(`/api/expert/chat/channels/${encodeURIComponent(channelId)}/transcript`, ZTranscript),
    retry: false,
  });
}

/** `GET /api/expert/chat/history`: the expert's finished walk-in chats, newest first; `patient` a name or identity code. */
export function useWalkInHistory(page: number, pageSize: number, patient: string) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (patient) q.set('patient', patient);
  return useQuery({
    queryKey: ['expert', 'chatHistory', page, patient],
    queryFn: () => api(`/api/expert/chat/history?${q.toString()}`, ZChatHistoryPage),
    placeholderData: keepPreviousData,
  });
}
