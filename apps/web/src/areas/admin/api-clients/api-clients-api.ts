import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZApiClient, ZApiClientCreated, type ApiClientCreate } from '@prsp/contracts';
import { api } from '@/lib/api-client';

const BASE = '/api/admin/api-clients';
const KEY = ['admin', 'api-clients'] as const;

/** The organisation's FHIR API clients, revoked ones included (the server never answers a secret here). */
export function useApiClients() {
  return useQuery({ queryKey: KEY, queryFn: () => api(BASE, z.array(ZApiClient)) });
}

/** Creates a client; the answer carries its secret, which only this answer ever holds. */
export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiClientCreate) => api(BASE, ZApiClientCreated, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}/revoke`, ZApiClient, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
