import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZAdminServiceDetail, ZChatQueue, type ServiceInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';

const BASE = '/api/admin/services';

export function useAdminService(id: string | undefined) {
  return useQuery({ queryKey: ['admin', 'services', id], queryFn: () => api(`${BASE}/${id}`, ZAdminServiceDetail), enabled: Boolean(id) });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ServiceInput }) =>
      api(id ? `${BASE}/${id}/update` : `${BASE}/create`, ZAdminServiceDetail, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The organisation's chat queues a service can use. */
export function useServiceChatQueues() {
  return useQuery({ queryKey: ['admin', 'services', 'chatQueues'], queryFn: () => api(`${BASE}/chat-queues`, z.array(ZChatQueue)) });
}
