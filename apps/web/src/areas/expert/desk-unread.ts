import { useSyncExternalStore } from 'react';

/**
 * How many chats on the desk have a message the expert has not seen (their tab not on screen when it came): the
 * desk tells it, the app's header (menu badge, page title) shows it while the menu is closed.
 */
let unread = 0;
const listeners = new Set<() => void>();

export function setDeskUnread(count: number): void {
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
}

export function useDeskUnread(): number {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => unread,
  );
}
