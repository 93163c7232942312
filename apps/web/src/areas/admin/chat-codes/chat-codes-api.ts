import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZChatCodeGroup, ZChatCodeService, ZChatCodeItem, type ChatCodeGroupCreate, type ChatCodeGroupUpdate } from '@prsp/contracts';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

const BASE = '/api/admin/chat-codes';

export function useChatCodeGroups() {
  return useQuery({ queryKey: ['admin', 'chatCodes'], queryFn: () => api(`${BASE}/list`, z.array(ZChatCodeGroup)) });
}

export function useChatCodes(groupId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'chatCodes', groupId, 'codes'],
    queryFn: () => api(`${BASE}/${groupId}/codes`, z.array(ZChatCodeItem)),
    enabled: Boolean(groupId),
  });
}

/** The CSV download, with headers in the admin's current language. */
export function codesCsvUrl(groupId: string): string {
  return `${BASE}/${groupId}/codes.csv?lang=${currentLanguage()}`;
}

export function useSaveChatCodeGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: ChatCodeGroupCreate | ChatCodeGroupUpdate }) =>
      api(input.id ? `${BASE}/${input.id}/update` : `${BASE}/create`, ZChatCodeGroup, { method: 'POST', body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'chatCodes'] }),
  });
}

/** The services a chat code group can be for (readable with the chat code right alone). */
export function useChatCodeServices() {
  return useQuery({ queryKey: ['admin', 'chatCodes', 'services'], queryFn: () => api(`${BASE}/services`, z.array(ZChatCodeService)) });
}

export function useDeleteChatCodeGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'chatCodes'] }),
  });
}
