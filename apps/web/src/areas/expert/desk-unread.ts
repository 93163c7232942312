import { useSyncExternalStore } from 'react';

/**
 * How many chats on the desk have a message the expert has not seen (their tab not on screen when it came): the
 * desk tells it, the app's header (menu badge, page title) shows it while the menu is closed.
 */
let unread = 0;
const listeners = new Set<() => void>();

function told(): void {
  for (const listener of listeners) listener();
}

export function setDeskUnread(count: number): void {
  if (count === unread) return;
  unread = count;
  told();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};

export function useDeskUnread(): number {
  return useSyncExternalStore(subscribe, () => unread);
}

/**
 * The count before the tab's title (issue 32, point 4: '(2) Työpöytä – …'): the patients waiting in the expert's
 * queues (watched by the app's layout on every page, use-queue-watch.ts) and everything unread (the desk's chats with news, the inbox, the open conversations). 0: no count shown.
 */
export function titleCount(parts: { waiting: number; unreadChats: number; inbox: number; openConversations: number }): number {
  return Math.max(0, parts.waiting) + Math.max(0, parts.unreadChats) + Math.max(0, parts.inbox) + Math.max(0, parts.openConversations);
}
