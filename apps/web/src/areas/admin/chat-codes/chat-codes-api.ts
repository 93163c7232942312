import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZChatCodeService,
  ZCodeGroup,
  ZCodeItem,
  type ChatCodeGroupCreate,
  type CodeGroupTargetKind,
  type CodeGroupUpdate,
  type MessageCodeGroupCreate,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/**
 * Code groups of both targets: chat codes (`/api/admin/chat-codes`) and message codes (`/api/admin/message-codes`)
 * are one route set each, with the same answers; only a new group's target field differs.
 */
const BASE: Record<CodeGroupTargetKind, string> = { service: '/api/admin/chat-codes', subcategory: '/api/admin/message-codes' };
const KEY = { service: ['admin', 'chatCodes'], subcategory: ['admin', 'messageCodes'] } as const;

export type CodeGroupCreate = ChatCodeGroupCreate | MessageCodeGroupCreate;

export function useCodeGroups(kind: CodeGroupTargetKind) {
  return useQuery({ queryKey: KEY[kind], queryFn: () => api(`${BASE[kind]}/list`, z.array(ZCodeGroup)) });
}

export function useGroupCodes(kind: CodeGroupTargetKind, groupId: string | undefined) {
  return useQuery({
    queryKey: [...KEY[kind], groupId, 'codes'],
    queryFn: () => api(`${BASE[kind]}/${groupId}/codes`, z.array(ZCodeItem)),
    enabled: Boolean(groupId),
  });
}

/** The CSV download, with headers in the admin's current language. */
export function codesCsvUrl(kind: CodeGroupTargetKind, groupId: string): string {
  return `${BASE[kind]}/${groupId}/codes.csv?lang=${currentLanguage()}`;
}

export function useSaveCodeGroup(kind: CodeGroupTargetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: CodeGroupCreate | CodeGroupUpdate }) =>
      api(input.id ? `${BASE[kind]}/${input.id}/update` : `${BASE[kind]}/create`, ZCodeGroup, { method: 'POST', body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY[kind] }),
  });
}

export function useDeleteCodeGroup(kind: CodeGroupTargetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE[kind]}/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY[kind] }),
  });
}

/** The services a chat code group can be for (readable with the chat code right alone). */
export function useChatCodeServices() {
  return useQuery({
    queryKey: [...KEY.service, 'services'],
    queryFn: () => api(`${BASE.service}/services`, z.array(ZChatCodeService)),
  });
}
