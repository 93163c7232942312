import { useEffect, useRef } from 'react';
import type { MessagingCounts } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { notifyDesk } from './desk-notifications';

/** Whether the counts say a new secure message came: more in the inbox or the open conversations than at the last look. */
export function secureMessageArrived(before: MessagingCounts | undefined, now: MessagingCounts): boolean {
  return before !== undefined && (now.inbox > before.inbox || now.open > before.open);
}

/**
 * A browser notification (desk-notifications.ts) when the messaging counts grow: a new secure message. The first
 * counts after sign-in only set the start, as the desk's first look at the queues does.
 */
export function useSecureMessageNotices(counts: MessagingCounts | undefined): void {
  const { t } = useTranslation();
  const last = useRef<MessagingCounts | undefined>(undefined);
  useEffect(() => {
    if (!counts) return;
    if (secureMessageArrived(last.current, counts)) notifyDesk({ kind: 'secureMessage' }, t);
    last.current = counts;
  }, [counts, t]);
}
