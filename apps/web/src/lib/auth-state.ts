import { useSyncExternalStore } from 'react';

/**
 * Whether the current user counts as signed in. Set from the auth check, read by the API client
 * to decide whether a 101 means 'your session ended' (log out) or just 'not signed in yet'.
 */
let authenticated = false;
const listeners = new Set<() => void>();

export function setAuthenticated(value: boolean): void {
  if (authenticated === value) return;
  authenticated = value;
  for (const listener of listeners) listener();
}

export function isAuthenticated(): boolean {
  return authenticated;
}

export function useAuthenticated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => authenticated,
  );
}
