import { useSyncExternalStore } from 'react';

/** Cookie preferences of spec §3: `required` is always on. */
export type CookiePreferences = { required: true; functional: boolean; targeting: boolean; marketing: boolean };

export const CONSENT_STORAGE_KEY = 'prsp.cookiePreferences';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function parsePreferences(stored: string | null): CookiePreferences | undefined {
  if (!stored) return undefined;
  try {
    const v = JSON.parse(stored) as Partial<CookiePreferences>;
    return { required: true, functional: v.functional === true, targeting: v.targeting === true, marketing: v.marketing === true };
  } catch {
    return undefined;
  }
}

export function saveCookiePreferences(prefs: Omit<CookiePreferences, 'required'>): void {
  localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ required: true, ...prefs }));
  for (const listener of listeners) listener();
}

/** The stored choice (undefined while the user has not chosen: the banner shows). */
export function useCookiePreferences(): CookiePreferences | undefined {
  const raw = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
  return parsePreferences(raw);
}
