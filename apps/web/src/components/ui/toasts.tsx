import { useSyncExternalStore } from 'react';

/** Spec §4 and §9: a toast follows an action and hides itself after 3 seconds. */
export const TOAST_MS = 3_000;

/** `success` confirms a done action ('Saved'); `error` tells that it failed. */
export type ToastTone = 'success' | 'error';
type Toast = { id: number; text: string; tone: ToastTone };
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast in every area (patient, expert, admin); callable from event handlers and mutation callbacks. */
export function showToast(text: string, tone: ToastTone = 'success'): void {
  const id = nextId++;
  toasts = [...toasts, { id, text, tone }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_MS);
}

/** The toasts showing now, for the region (and tests) to subscribe to. */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): readonly Toast[] => toasts,
};

/** One polite live region that is always in the page, so screen readers announce each toast as it appears. */
export function ToastRegion() {
  const list = useSyncExternalStore(toastStore.subscribe, toastStore.current);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <p key={t.id} className={`toast ${t.tone}`}>
          {t.text}
        </p>
      ))}
    </div>
  );
}
