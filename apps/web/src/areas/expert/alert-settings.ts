import { useSyncExternalStore } from 'react';

/**
 * The expert's sound and notification settings (issue 32, point 4), kept per device and browser in localStorage:
 * whether the arrival chime is muted, its volume (0–1, of the chime's own level), and whether browser notifications
 * are wanted (the browser's own permission is asked only when the expert presses the button for it).
 */
export type AlertSettings = { muted: boolean; volume: number; notify: boolean };

export const ALERT_SETTINGS_KEY = 'prsp.expert.alerts';
export const DEFAULT_ALERT_SETTINGS: AlertSettings = { muted: false, volume: 1, notify: true };

/** What was stored, checked: anything missing or malformed falls back to the default, a volume is kept within 0–1. */
export function parseAlertSettings(raw: string | null): AlertSettings {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    value = null;
  }
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof AlertSettings, unknown>>;
  const volume =
    typeof v.volume === 'number' && Number.isFinite(v.volume) ? Math.min(1, Math.max(0, v.volume)) : DEFAULT_ALERT_SETTINGS.volume;
  return {
    muted: typeof v.muted === 'boolean' ? v.muted : DEFAULT_ALERT_SETTINGS.muted,
    volume,
    notify: typeof v.notify === 'boolean' ? v.notify : DEFAULT_ALERT_SETTINGS.notify,
  };
}

function read(): AlertSettings {
  try {
    return parseAlertSettings(localStorage.getItem(ALERT_SETTINGS_KEY));
  } catch {
    return DEFAULT_ALERT_SETTINGS;
  }
}

let current: AlertSettings | undefined;
const listeners = new Set<() => void>();

export function alertSettings(): AlertSettings {
  current ??= read();
  return current;
}

export function setAlertSettings(change: Partial<AlertSettings>): void {
  current = { ...alertSettings(), ...change };
  try {
    localStorage.setItem(ALERT_SETTINGS_KEY, JSON.stringify(current));
  } catch {
    // Storage refused (private mode, full): the setting holds for this page only.
  }
  for (const listener of listeners) listener();
}

export function useAlertSettings(): AlertSettings {
  return useSyncExternalStore((onChange) => {
    listeners.add(onChange);
    // Another tab of the app changed them.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== ALERT_SETTINGS_KEY) return;
      current = read();
      onChange();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, alertSettings);
}
