import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZCategory, ZConversation, ZConversationThread, ZMessageCodeTarget, ZSentMessages } from '@prsp/contracts';
import { api, apiForm } from '@/lib/api-client';
import {
  markConversationRead,
  messageFormData,
  messagingBase,
  sendConversationMessage,
  threadUrl,
  type MessageDraft,
} from '@/features/messaging/messaging-api';

const BASE = messagingBase('patient');

/** Lists and threads: refreshed together (every 5 s and on `messages:changed`, see useMessagingRefresh). */
export const PATIENT_MESSAGING_KEY = ['patient', 'messaging'] as const;
const keys = {
  conversations: [...PATIENT_MESSAGING_KEY, 'conversations'] as const,
  thread: (id: string) => [...PATIENT_MESSAGING_KEY, 'thread', id] as const,
  // Not under the refreshed prefix: categories change rarely.
  categories: ['patient', 'messaging-categories'] as const,
};

/** `GET conversations`: the patient's (or the represented person's) conversations, newest first. */
export function useConversations() {
  return useQuery({ queryKey: keys.conversations, queryFn: () => api(`${BASE}/conversations`, z.array(ZConversation)) });
}

/** One conversation's thread: a request through its subcategory, a direct one by its id. */
export function useConversationThread(ref: { id: string; subcategoryId?: string }) {
  return useQuery({
    queryKey: keys.thread(ref.id),
    queryFn: () => api(threadUrl(BASE, ref), ZConversationThread),
    retry: false,
  });
}

/** `GET categories?includeSubcategories=true`: the open categories with their open subcategories. */
export function useMessageCategories() {
  return useQuery({ queryKey: keys.categories, queryFn: () => api(`${BASE}/categories?includeSubcategories=true`, z.array(ZCategory)) });
}

/** `POST message-code/validate/{code}`: what the code opens, or statusCode 201–204/500/501. It does not use the code. */
export function useValidateMessageCode() {
  return useMutation({
    mutationFn: (code: string) => api(`${BASE}/message-code/validate/${encodeURIComponent(code)}`, ZMessageCodeTarget, { method: 'POST' }),
  });
}

export type NewMessage = { categoryId: string; subcategoryId: string; text: string; messageCode?: string };

/** `POST request-conversation` (multipart): a new message to a subcategory; the server uses a code only when it is stored. */
export function useRequestConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: NewMessage) => apiForm(`${BASE}/request-conversation`, ZSentMessages, messageFormData(m)),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.conversations }),
  });
}

/** `POST conversations/{id}/send-message` (multipart): the patient's reply in a direct conversation. */
export function useSendReply(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: MessageDraft) => sendConversationMessage(BASE, conversationId, draft),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.conversations }),
  });
}

/** `POST conversations/{id}/mark-as-read`, after which the list's unread count is fetched again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(BASE, conversationId),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.conversations }),
  });
}
