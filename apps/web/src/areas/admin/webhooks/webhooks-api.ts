import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';

const BASE = '/api/admin/webhooks';
const KEY = ['admin', 'webhooks'] as const;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: [...KEY, 'endpoints'], queryFn: () => api(`${BASE}/endpoints`, z.array(ZWebhookEndpoint)) });
}

/** The newest deliveries (of one endpoint when given); refreshed every few seconds while pending ones are shown. */
export function useWebhookDeliveries(endpointId: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'deliveries', endpointId ?? 'all'],
    queryFn: () => api(`${BASE}/deliveries${endpointId ? `?endpointId=${endpointId}` : ''}`, z.array(ZWebhookDelivery)),
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 3000 : false),
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) => api(`${BASE}/endpoints/create`, ZWebhookEndpointCreated, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: WebhookEndpointUpdate }) =>
      api(`${BASE}/endpoints/${input.id}/update`, ZWebhookEndpoint, { method: 'POST', body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/endpoints/${id}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/endpoints/${id}/test`, ZWebhookDelivery, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'deliveries'] }),
  });
}
