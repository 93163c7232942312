import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOARD_REFETCH_MIN_MS, ZBoardAccess, ZQueueBoard } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { useSocket, useSocketConnected } from '@/lib/socket';
import { coalesce } from './board-refetch';

/** Which app shows the board: the admin app (its admins) or the expert app (shift leads, read-only). */
export type BoardApp = 'admin' | 'expert';

const PATHS: Record<BoardApp, string> = { admin: '/api/admin/queues/board', expert: '/api/expert/queues/board' };
const WATCH = { admin: 'board:watch', expert: 'board:watchAsLead' } as const;
export const boardKey = (app: BoardApp) => ['queue-board', app] as const;

/** The organisation's queue board over HTTP: the whole of it, asked again whenever the socket says something moved. */
export function useQueueBoard(app: BoardApp) {
  return useQuery({ queryKey: boardKey(app), queryFn: () => api(PATHS[app], ZQueueBoard) });
}

/** Whether the signed-in expert leads a shift: the expert app's menu shows the board then (the server decides anyway). */
export function useShiftLead(enabled: boolean) {
  return useQuery({
    queryKey: ['expert', 'shift-lead'],
    queryFn: () => api('/api/expert/queues/board/access', ZBoardAccess),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Keeps the board live without polling: the socket joins the organisation's board room (`board:watch` or
 * `board:watchAsLead`, checked by the server), and each `board:changed` or `presence:changed` refetches the board,
 * at most once per BOARD_REFETCH_MIN_MS. After a reconnect it joins again and refetches, since events were missed.
 * Answers whether the socket is connected now (the page says when the figures may be stale).
 */
export function useLiveBoard(app: BoardApp): boolean {
  const socket = useSocket();
  const connected = useSocketConnected(socket);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = coalesce(() => void queryClient.invalidateQueries({ queryKey: boardKey(app) }), BOARD_REFETCH_MIN_MS);
    const watch = () => socket.emit(WATCH[app], {}, () => undefined);
    const reconnected = () => {
      watch();
      refetch.request();
    };
    const moved = (event: string) => {
      if (event === 'board:changed' || event === 'presence:changed') refetch.request();
    };
    socket.on('connect', reconnected);
    socket.onAny(moved);
    if (socket.connected) watch();
    return () => {
      socket.off('connect', reconnected);
      socket.offAny(moved);
      refetch.cancel();
    };
  }, [socket, queryClient, app]);
  return connected;
}
