import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZChatChannel, type InviteRequest } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { expertChatKeys } from './expert-chat-api';

/** `POST /api/expert/chat/channels/{id}/invite`: one more guest (a PIN by e-mail at once) or expert into a live group chat. */
export function useInvite(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) =>
      api(`/api/expert/chat/channels/${encodeURIComponent(channelId)}/invite`, ZChatChannel, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: expertChatKeys.chat(channelId) }),
  });
}
