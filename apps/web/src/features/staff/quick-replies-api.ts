import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZQuickReply, type QuickReplyInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** Whose replies a page keeps: the organisation's (admin app) or the expert's own (expert app). */
export type QuickReplyOwner = 'organisation' | 'own';

const BASE: Record<QuickReplyOwner, string> = { organisation: '/api/admin/quick-replies', own: '/api/expert/quick-replies' };
const LIST: Record<QuickReplyOwner, string> = { organisation: BASE.organisation, own: `${BASE.own}/own` };
export const quickReplyKeys = { all: ['quick-replies'] as const, list: (owner: QuickReplyOwner) => ['quick-replies', owner] as const };

export function useQuickReplyList(owner: QuickReplyOwner) {
  return useQuery({ queryKey: quickReplyKeys.list(owner), queryFn: () => api(LIST[owner], z.array(ZQuickReply)) });
}

/** `GET /api/expert/quick-replies`: the organisation's and the expert's own, for the chat composer. */
export function useComposerQuickReplies(enabled = true) {
  return useQuery({
    queryKey: [...quickReplyKeys.all, 'composer'],
    queryFn: () => api(BASE.own, z.array(ZQuickReply)),
    enabled,
    staleTime: 60_000,
  });
}

export function useSaveQuickReply(owner: QuickReplyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: QuickReplyInput }) =>
      api(id ? `${BASE[owner]}/${id}/update` : `${BASE[owner]}/create`, ZQuickReply, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}

export function useDeleteQuickReply(owner: QuickReplyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE[owner]}/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}
