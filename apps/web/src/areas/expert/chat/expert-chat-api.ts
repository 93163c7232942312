import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZExpertChat, ZExpertQueue, ZIdentityCodeAnswer, ZTransferTargets, type ExpertChat } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** Spec §9: lists refresh every 5 seconds (besides the socket's `queue:changed`). */
const LIST_REFRESH_MS = 5_000;

export const expertChatKeys = {
  queues: ['expert', 'chat', 'queues'] as const,
  chats: ['expert', 'chat', 'chats'] as const,
  chat: (id: string) => ['expert', 'chat', 'chat', id] as const,
  targets: ['expert', 'chat', 'transferTargets'] as const,
};

const channelPath = (id: string) => `/api/expert/chat/channels/${encodeURIComponent(id)}`;

/**
 * `GET /api/expert/chat/queues`: the expert's queues, who waits in each and the longest wait. The app's layout
 * watches it on every page (use-queue-watch.ts); the desk's queue panel reads the same query.
 */
export function useExpertQueues(enabled = true) {
  return useQuery({
    queryKey: expertChatKeys.queues,
    queryFn: () => api('/api/expert/chat/queues', z.array(ZExpertQueue)),
    refetchInterval: LIST_REFRESH_MS,
    enabled,
  });
}

/** A chat on the expert's desk; `gone` once the server no longer lists it (it ended), until the expert closes it. */
export type DeskChat = ExpertChat & { gone: boolean };

/**
 * `GET /api/expert/chat/channels`: the expert's active chats (several at once). A chat that ended stays on the
 * desk, marked gone, so the expert still sees how it ended and reaches its feedback; closing it takes it away.
 */
export function useDeskChats() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: expertChatKeys.chats,
    queryFn: async (): Promise<DeskChat[]> => {
      const fresh = await api('/api/expert/chat/channels', z.array(ZExpertChat));
      const ids = new Set(fresh.map((c) => c.channel.id));
      const kept = (queryClient.getQueryData<DeskChat[]>(expertChatKeys.chats) ?? []).filter((c) => !ids.has(c.channel.id));
      return [...fresh.map((c) => ({ ...c, gone: false })), ...kept.map((c) => ({ ...c, gone: true }))];
    },
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** Puts a chat the expert just took (or accepted when handed to them) on the desk at once (the list refetches behind it). */
function addToDesk(queryClient: QueryClient, chat: ExpertChat): void {
  queryClient.setQueryData<DeskChat[]>(expertChatKeys.chats, (list = []) => [
    ...list.filter((c) => c.channel.id !== chat.channel.id),
    { ...chat, gone: false },
  ]);
  void queryClient.invalidateQueries({ queryKey: expertChatKeys.chats });
  void queryClient.invalidateQueries({ queryKey: expertChatKeys.queues });
  queryClient.setQueryData(expertChatKeys.chat(chat.channel.id), chat);
}

/** Takes a chat off the desk (closed after it ended, or transferred away). */
export function removeFromDesk(queryClient: QueryClient, channelId: string): void {
  queryClient.setQueryData<DeskChat[]>(expertChatKeys.chats, (list = []) => list.filter((c) => c.channel.id !== channelId));
}

/** Accepts the next in a queue (`POST …/queues/{id}/accept`), or a named waiting patient (`POST …/channels/{id}/accept`). */
export function useAccept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { queueId: string } | { channelId: string }) =>
      'queueId' in what
        ? api(`/api/expert/chat/queues/${encodeURIComponent(what.queueId)}/accept`, ZExpertChat, { method: 'POST' })
        : api(`${channelPath(what.channelId)}/accept`, ZExpertChat, { method: 'POST' }),
    onSuccess: (chat) => addToDesk(queryClient, chat),
    onError: () => void queryClient.invalidateQueries({ queryKey: expertChatKeys.queues }),
  });
}

/** Opens a group appointment's chat as its expert (`POST …/appointments/{id}/open`) and puts it on the desk. */
export function useOpenAppointmentChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) =>
      api(`/api/expert/chat/appointments/${encodeURIComponent(appointmentId)}/open`, ZExpertChat, { method: 'POST' }),
    onSuccess: (chat) => addToDesk(queryClient, chat),
  });
}

/** `GET /api/expert/chat/channels/{id}`: the chat with the patient's name, pre-questionnaire and metadata. */
export function useExpertChat(channelId: string, initial: ExpertChat) {
  return useQuery({
    queryKey: expertChatKeys.chat(channelId),
    queryFn: () => api(channelPath(channelId), ZExpertChat),
    initialData: initial,
    staleTime: 30_000,
  });
}

/** `GET …/channels/{id}/identity-code`: the patient's full identity code, asked for when the expert needs it (audited). */
export function useRevealIdentityCode(channelId: string) {
  return useMutation({ mutationFn: () => api(`${channelPath(channelId)}/identity-code`, ZIdentityCodeAnswer) });
}

/** `GET /api/expert/chat/transfer-targets`: the other queues and experts of the organisation. */
export function useTransferTargets(enabled: boolean) {
  return useQuery({
    queryKey: expertChatKeys.targets,
    queryFn: () => api('/api/expert/chat/transfer-targets', ZTransferTargets),
    enabled,
  });
}

export function useTransfer(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: { queueId: string } | { expertId: string }) =>
      api(`${channelPath(channelId)}/transfer`, z.unknown(), { method: 'POST', body: to }),
    onSuccess: () => {
      removeFromDesk(queryClient, channelId);
      void queryClient.invalidateQueries({ queryKey: expertChatKeys.queues });
    },
  });
}

export function useEndChat(channelId: string) {
  return useMutation({ mutationFn: () => api(`${channelPath(channelId)}/end`, z.unknown(), { method: 'POST' }) });
}
