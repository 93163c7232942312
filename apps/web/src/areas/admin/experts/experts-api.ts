import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZAdminExpert, ZChatQueue, ZExpertList, type ExpertInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';

const BASE = '/api/admin/experts';

export function useExperts(search: string, page: number, pageSize = 20) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('search', search.trim());
  return useQuery({
    queryKey: ['admin', 'experts', search, page, pageSize],
    queryFn: () => api(`${BASE}/list?${q.toString()}`, ZExpertList),
    placeholderData: keepPreviousData,
  });
}

/** Create (sends the registration e-mail) or update an expert of the chosen organisation. */
export function useSaveExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ExpertInput }) =>
      api(id ? `${BASE}/${id}/update` : `${BASE}/create`, ZAdminExpert, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'experts'] }),
  });
}

export { useSpecializations } from '@/features/staff/specialization-names';

/** The organisation's chat queues an expert can be put in. */
export function useExpertChatQueues() {
  return useQuery({ queryKey: ['admin', 'experts', 'chatQueues'], queryFn: () => api(`${BASE}/chat-queues`, z.array(ZChatQueue)) });
}

export function useDeleteExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'experts'] }),
  });
}
