import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Spec §4 and §9: a toast follows an action and hides itself after 3 seconds. */
export const TOAST_MS = 3_000;

type Toast = { id: number; text: string; kind: 'success' | 'error' };
type ShowToast = (text: string, kind?: Toast['kind']) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

let nextId = 1;

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDone]);
  return <p className={`toast ${toast.kind}`}>{toast.text}</p>;
}

/** Holds the toasts of a staff app; the live region is always present so screen readers hear each one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const remove = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((text, kind = 'success') => setToasts((all) => [...all, { id: nextId++, text, kind }]), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={remove} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
