import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MESSAGE_LIST_REFRESH_MS } from '@prsp/contracts';
import { useSocket } from '@/lib/socket';

/**
 * Keeps messaging queries fresh (spec §9: lists refresh every 5 seconds): every MESSAGE_LIST_REFRESH_MS while the
 * page is visible, and at once when the server says `messages:changed` over the socket (sent to the patient's and
 * each concerned expert's user room after a commit). `queryKey` is a prefix: every query under it is refetched.
 * The socket is the shared one, taken only while enabled; without a connection the timer alone keeps the lists
 * current.
 */
export function useMessagingRefresh(queryKey: QueryKey, { enabled = true }: { enabled?: boolean } = {}): void {
  const client = useQueryClient();
  const socket = useSocket(undefined, { enabled });
  const key = JSON.stringify(queryKey);

  useEffect(() => {
    if (!enabled) return;
    const prefix = JSON.parse(key) as QueryKey;
    const refresh = () => void client.invalidateQueries({ queryKey: prefix });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, MESSAGE_LIST_REFRESH_MS);
    socket?.on('messages:changed', refresh);
    return () => {
      clearInterval(timer);
      socket?.off('messages:changed', refresh);
    };
  }, [client, socket, key, enabled]);
}
