import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZChatChannel, ZRealmQueues, type ChatChannel } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { chatKeys } from '@/features/chat/chat-api';
import type { ChatTarget } from './chat-target';

/** Spec §7 'Chat provider': the organisation's queues and whether each is closed (`GET describe_realm_queues`). */
export function useRealmQueues(realmId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['patient', 'chat', 'realm', realmId],
    queryFn: () => api(`/api/chat/describe_realm_queues?realm_id=${encodeURIComponent(realmId!)}`, ZRealmQueues),
    enabled: enabled && Boolean(realmId),
    // Opening hours change by the minute: ask afresh each time a chat starts.
    staleTime: 0,
  });
}

/**
 * Starts the chat the route names: enters a service's queue, opens an appointment's channel, or uses the chat
 * code (spec §7 `/services/chatCode/{code}/use`, which opens the channel in the same transaction).
 * `secureMetadata`: the self-assessment's result as the server sealed it, carried to the expert.
 */
export function openChat(target: ChatTarget, secureMetadata?: string): Promise<ChatChannel> {
  switch (target.kind) {
    case 'service':
      return api('/api/chat/channels', ZChatChannel, { method: 'POST', body: { serviceId: target.service.uuid, secureMetadata } });
    case 'appointment':
      return api('/api/chat/channels', ZChatChannel, { method: 'POST', body: { appointmentId: target.appointment.uuid } });
    case 'chatCode':
      return api(`/api/services/chatCode/${encodeURIComponent(target.code)}/use`, ZChatChannel, {
        method: 'POST',
        body: { secureMetadata },
      });
  }
}

/** Spec §7 `POST /ninchat/save-audience`: an appointment's channel is recorded as the appointment's audience. */
export function saveAudience(channelId: string): Promise<unknown> {
  return api('/api/ninchat/save-audience', z.unknown(), { method: 'POST', body: { channel_id: channelId } });
}

/** `POST /api/chat/channels/{id}/leave`: the patient leaves the queue, or ends the chat. */
export function useLeaveChat(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/chat/channels/${encodeURIComponent(channelId)}/leave`, ZChatChannel, { method: 'POST' }),
    onSuccess: (channel) => queryClient.setQueryData(chatKeys.channel(channelId), channel),
  });
}
