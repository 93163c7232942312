import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZExpertPresence, type PresenceStatus } from '@prsp/contracts';
import { api } from '@/lib/api-client';

export const OWN_PRESENCE_KEY = ['expert', 'presence'] as const;

/** `GET /api/expert/presence`: the expert's own presence (state, chosen status, open chats and limit). */
export function useOwnPresence(enabled: boolean) {
  return useQuery({ queryKey: OWN_PRESENCE_KEY, queryFn: () => api('/api/expert/presence', ZExpertPresence), enabled });
}

/** `PUT /api/expert/presence`: the expert chooses available, busy or away. */
export function useChoosePresence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: PresenceStatus) => api('/api/expert/presence', ZExpertPresence, { method: 'PUT', body: { status } }),
    onSuccess: (presence) => client.setQueryData(OWN_PRESENCE_KEY, presence),
  });
}
