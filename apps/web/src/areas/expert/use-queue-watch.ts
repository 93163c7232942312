import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ExpertQueue } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { useSocket } from '@/lib/socket';
import { newArrivals, waitingIds } from './chat/arrival-signal';
import { expertChatKeys, useExpertQueues } from './chat/expert-chat-api';
import { notifyDesk } from './desk-notifications';

/** How many patients wait in the expert's queues, all queues together. */
export function waitingTotal(queues: readonly ExpertQueue[] | undefined): number {
  return queues?.reduce((n, q) => n + q.waiting.length, 0) ?? 0;
}

/**
 * The queues a new-patient notification names after a look at the queues (`seen`: who waited at the last look,
 * null before the first): each queue someone new waits in, once. The first look only learns who waits.
 */
export function newPatientQueues(seen: ReadonlySet<string> | null, queues: readonly ExpertQueue[]): string[] {
  return [...new Set(newArrivals(seen, queues).map((a) => a.queueName))];
}

/**
 * The expert app's watch on its queues (issue 32, point 4), at the layout so that every page of the app has it,
 * not only the desk: one `queue:watch` on each (re)connect, `queue:changed` refetching the queue list, and the list
 * itself under the desk's query key (the desk's queue panel reads the same query, so nothing is fetched twice).
 * Gives how many wait, for the tab's title, and shows a browser notification for a new patient (naming the queue
 * only) on whichever page is open. `enabled`: a signed-in expert of an organisation with remote reception.
 */
export function useQueueWatch(enabled: boolean): number {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const socket = useSocket(undefined, { enabled });
  const queues = useExpertQueues(enabled);
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!socket || !enabled) return;
    const watch = () => socket.emit('queue:watch', {}, () => undefined);
    const changed = () => void queryClient.invalidateQueries({ queryKey: expertChatKeys.queues });
    socket.on('connect', watch);
    socket.on('queue:changed', changed);
    if (socket.connected) watch();
    return () => {
      socket.off('connect', watch);
      socket.off('queue:changed', changed);
    };
  }, [socket, enabled, queryClient]);

  const data = enabled ? queues.data : undefined;
  useEffect(() => {
    if (!data) {
      seen.current = null;
      return;
    }
    const named = newPatientQueues(seen.current, data);
    seen.current = waitingIds(data);
    // In another window: a browser notification per queue, naming the queue only (no patient).
    for (const queue of named) notifyDesk({ kind: 'newPatient', queue }, t);
  }, [data, t]);

  return waitingTotal(data);
}
