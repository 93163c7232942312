import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPushPublicKey, ZPushSettings, type PushSettings, type PushSettingsUpdate, type PushSubscribe } from '@prsp/contracts';
import { api } from '@/lib/api-client';

const SETTINGS = ['patient', 'push', 'settings'] as const;

export function usePushPublicKey() {
  return useQuery({
    queryKey: ['patient', 'push', 'publicKey'],
    queryFn: () => api('/api/push/public-key', ZPushPublicKey),
    staleTime: Infinity,
  });
}

export function usePushSettings() {
  return useQuery({ queryKey: SETTINGS, queryFn: () => api('/api/push/settings', ZPushSettings) });
}

export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: PushSettingsUpdate) => api('/api/push/settings', ZPushSettings, { method: 'PUT', body: flags }),
    // The switch turns at once; if saving fails it turns back (and the section says saving failed).
    onMutate: (flags) => {
      const before = queryClient.getQueryData<PushSettings>(SETTINGS);
      if (before) queryClient.setQueryData(SETTINGS, { ...before, ...flags });
      return { before };
    },
    onError: (_err, _flags, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS, settings),
  });
}

export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sub: PushSubscribe) => api('/api/push/subscriptions', ZPushSettings, { method: 'POST', body: sub }),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS, settings),
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string) => api('/api/push/subscriptions', ZPushSettings, { method: 'DELETE', body: { endpoint } }),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS, settings),
  });
}
