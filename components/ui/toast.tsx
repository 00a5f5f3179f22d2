'use client';

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

const ToastContext = createContext<(kind: ToastKind, text: string) => void>(() => undefined);

/** Toasts in an aria-live region (errors assertive), each dismissable, gone after 6 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const push = useCallback((kind: ToastKind, text: string) => {
    const id = Date.now() + Math.random();
    setItems((all) => [...all.slice(-3), { id, kind, text }]);
    setTimeout(() => setItems((all) => all.filter((t) => t.id !== id)), 6000);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
        <div aria-live="polite" className="contents">
          {items
            .filter((t) => t.kind === 'success')
            .map((t) => (
              <p key={t.id} role="status" className="pointer-events-auto rounded-md bg-emerald-700 px-4 py-2 text-sm font-medium text-white shadow-lg">
                {t.text}
              </p>
            ))}
        </div>
        <div aria-live="assertive" className="contents">
          {items
            .filter((t) => t.kind === 'error')
            .map((t) => (
              <p key={t.id} role="alert" className="pointer-events-auto rounded-md bg-rose-700 px-4 py-2 text-sm font-medium text-white shadow-lg">
                {t.text}
              </p>
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
