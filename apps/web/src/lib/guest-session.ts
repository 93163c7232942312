import { useSyncExternalStore } from 'react';

/**
 * The signed-in guest of a group appointment (spec §6 'Guest'): the bearer token of their one appointment, kept
 * in this tab's sessionStorage only (it ends with the tab, and another tab signs in on its own).
 */
export type GuestSession = { token: string; appointmentId: string; name: string; email: string };

export const GUEST_SESSION_KEY = 'prsp.guest';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: GuestSession | null } = { raw: null, value: null };

/** sessionStorage, where the browser allows it (a refused storage means no guest session, never a crash). */
function withStorage<T>(act: (store: Storage) => T, fallback: T): T {
  try {
    return act(sessionStorage);
  } catch {
    return fallback;
  }
}

/** A stored value counts only when it has every field as a non-empty string: anything else is no session. */
export function parseGuestSession(raw: string | null): GuestSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const fields = ['token', 'appointmentId', 'name', 'email'] as const;
    if (!v || typeof v !== 'object' || !fields.every((f) => typeof v[f] === 'string' && v[f] !== '')) return null;
    return { token: v.token as string, appointmentId: v.appointmentId as string, name: v.name as string, email: v.email as string };
  } catch {
    return null;
  }
}

/** The guest signed in in this tab, or null (the same object until the stored value changes). */
export function readGuestSession(): GuestSession | null {
  const raw = withStorage((s) => s.getItem(GUEST_SESSION_KEY), null);
  if (raw !== cached.raw) cached = { raw, value: parseGuestSession(raw) };
  return cached.value;
}

export function saveGuestSession(session: GuestSession): void {
  withStorage((s) => s.setItem(GUEST_SESSION_KEY, JSON.stringify(session)), undefined);
  for (const l of listeners) l();
}

/** Forgets the guest (logout, or a token the server no longer takes). */
export function clearGuestSession(): void {
  withStorage((s) => s.removeItem(GUEST_SESSION_KEY), undefined);
  for (const l of listeners) l();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The guest session, re-rendering the caller when it is saved or cleared. */
export function useGuestSession(): GuestSession | null {
  return useSyncExternalStore(subscribe, readGuestSession, () => null);
}

/** Calls that carry the guest's bearer token: the guest's own, and the chat, video and feedback a guest takes part in. */
const GUEST_PATHS = [
  '/api/guest/',
  '/api/chat/channels/',
  '/api/ninchat/file',
  '/api/ninchat/save-audience',
  '/api/feedback',
  '/api/video/',
];

export function carriesGuestToken(path: string): boolean {
  return GUEST_PATHS.some((p) => path.startsWith(p));
}

/** The guest page of an appointment, where a guest signs in again. */
export const guestPagePath = (appointmentId: string) => `/guest/${encodeURIComponent(appointmentId)}`;
