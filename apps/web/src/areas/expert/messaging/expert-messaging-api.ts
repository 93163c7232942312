import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZCategory,
  ZExpertConversation,
  ZExpertConversationThread,
  ZExpertSearchResult,
  ZMessagingCounts,
  ZSentMessages,
  type ExpertConversation,
} from '@prsp/contracts';
import { messagingBase, threadUrl } from '@/features/messaging/messaging-api';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';
import { api, apiForm } from '@/lib/api-client';
import { conversationsSearch, type ConversationFilters } from './conversation-filters';

export const BASE = messagingBase('expert');
const id = (value: string) => encodeURIComponent(value);

export const expertMessagingKeys = {
  all: ['expert', 'messaging'] as const,
  counts: ['expert', 'messaging', 'counts'] as const,
  categories: ['expert', 'messaging', 'categories'] as const,
  allRequests: ['expert', 'messaging', 'requests'] as const,
  requests: (categoryId: string) => ['expert', 'messaging', 'requests', categoryId] as const,
  allConversations: ['expert', 'messaging', 'conversations'] as const,
  conversations: (filters: ConversationFilters) => ['expert', 'messaging', 'conversations', filters] as const,
  thread: (conversationId: string) => ['expert', 'messaging', 'thread', conversationId] as const,
  experts: (searchQuery: string, specialization: string) => ['expert', 'messaging', 'experts', searchQuery, specialization] as const,
};

/**
 * `GET counts`: unanswered requests and open conversations with unread messages, for the menu. The lists' refresh
 * (spec §9: every 5 s, and at once on `messages:changed`) keeps it current.
 */
export function useMessagingCounts(enabled: boolean) {
  useMessagingRefresh(expertMessagingKeys.counts, { enabled });
  return useQuery({ queryKey: expertMessagingKeys.counts, queryFn: () => api(`${BASE}/counts`, ZMessagingCounts), enabled });
}

/** `GET categories`: the categories with a subcategory assigned to the expert. */
export function useExpertCategories() {
  return useQuery({
    queryKey: expertMessagingKeys.categories,
    queryFn: () => api(`${BASE}/categories?includeSubcategories=true`, z.array(ZCategory)),
  });
}

/** `GET categories/:id/requests`: the category's requests nobody has answered yet (the page keeps it refreshed). */
export function useCategoryRequests(categoryId: string | undefined) {
  return useQuery({
    enabled: Boolean(categoryId),
    queryKey: expertMessagingKeys.requests(categoryId ?? ''),
    queryFn: () => api(`${BASE}/categories/${id(categoryId ?? '')}/requests`, z.array(ZExpertConversation)),
  });
}

/** `GET conversations?isClosed&name&ssn&subject`: the open or the ended conversations (the page keeps it refreshed). */
export function useExpertConversations(filters: ConversationFilters) {
  return useQuery({
    queryKey: expertMessagingKeys.conversations(filters),
    queryFn: () => api(`${BASE}/conversations?${conversationsSearch(filters)}`, z.array(ZExpertConversation)),
    placeholderData: keepPreviousData,
  });
}

/** Which thread to read: a patient's request through its subcategory, a direct one by its id. */
export type ThreadRef = { id: string; subcategoryId?: string | null };

/** One conversation's thread (the server audits the read; the view keeps it refreshed). */
export function useExpertThread(ref: ThreadRef | undefined) {
  return useQuery({
    enabled: Boolean(ref),
    queryKey: expertMessagingKeys.thread(ref?.id ?? ''),
    queryFn: () => api(threadUrl(BASE, ref!), ZExpertConversationThread),
    retry: false,
  });
}

/** `GET experts/list`: colleagues who handle messages, by name and specialisation. */
export function useExpertSearch(searchQuery: string, specialization: string, enabled: boolean) {
  const q = new URLSearchParams();
  if (searchQuery) q.set('searchQuery', searchQuery);
  if (specialization) q.set('specialization', specialization);
  return useQuery({
    enabled,
    queryKey: expertMessagingKeys.experts(searchQuery, specialization),
    queryFn: () => api(`${BASE}/experts/list?${q.toString()}`, ZExpertSearchResult),
  });
}

/** After any change every list, count and thread of messaging is fetched again. */
function useRefreshMessaging() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: expertMessagingKeys.all });
}

/** `POST create-conversation` (multipart): a new direct conversation with a patient, by identity code. */
export function useCreateConversation() {
  const refresh = useRefreshMessaging();
  return useMutation({
    mutationFn: (form: FormData) => apiForm(`${BASE}/create-conversation`, ZSentMessages, form),
    onSuccess: refresh,
  });
}

/**
 * A reply in a conversation (multipart text and files): the first answer to a request goes through its category
 * (`categories/:id/reply/:requestId`, making the expert its expert); every later one through `send-message`.
 */
export function useSendReply(conversation: ExpertConversation | undefined) {
  const refresh = useRefreshMessaging();
  return useMutation({
    mutationFn: (form: FormData) => {
      if (!conversation) throw new Error('no conversation');
      const path =
        conversation.kind === 'request' && conversation.expertName === null && conversation.categoryId
          ? `${BASE}/categories/${id(conversation.categoryId)}/reply/${id(conversation.id)}`
          : `${BASE}/conversations/${id(conversation.id)}/send-message`;
      return apiForm(path, ZSentMessages, form);
    },
    onSuccess: refresh,
  });
}

/** `POST conversations/:id/{end|reopen|mark-as-read}`. */
export function useConversationAction(action: 'end' | 'reopen' | 'mark-as-read') {
  const refresh = useRefreshMessaging();
  return useMutation({
    mutationFn: (conversationId: string) => api(`${BASE}/conversations/${id(conversationId)}/${action}`, z.null(), { method: 'POST' }),
    onSuccess: refresh,
  });
}
