'use client';

import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  at: number;
}

const ToastContext = createContext<(kind: ToastKind, text: string) => void>(() => undefined);

/** How long a toast shows, and how recent one must be to follow its page's navigation ("Registered", then the new page). */
const TOAST_MS = 6000;
const CARRIES_OVER_MS = 1500;

/**
 * Toasts in an aria-live region (errors assertive), each dismissable, gone after 6 s. They do not pile
 * up: the same words replace the earlier toast, at most three show, and a page left behind takes its
 * toasts with it (only one pushed just before the navigation, which announces it, comes along).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  const push = useCallback((kind: ToastKind, text: string) => {
    const id = Date.now() + Math.random();
    setItems((all) => [...all.filter((t) => t.text !== text).slice(-2), { id, kind, text, at: Date.now() }]);
    setTimeout(() => setItems((all) => all.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const dismiss = (id: number) => setItems((all) => all.filter((t) => t.id !== id));
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    const now = Date.now();
    setItems((all) => all.filter((t) => now - t.at < CARRIES_OVER_MS));
  }, [pathname]);
  const toast = (t: ToastItem) => (
    <div
      key={t.id}
      className={`pointer-events-auto flex items-center gap-3 rounded-md px-4 py-2 text-sm font-medium text-white shadow-lg ${t.kind === 'error' ? 'bg-rose-700' : 'bg-emerald-700'}`}
    >
      <p role={t.kind === 'error' ? 'alert' : 'status'}>{t.text}</p>
      <button type="button" onClick={() => dismiss(t.id)} aria-label="Dismiss" className="rounded px-1 text-white/90 hover:bg-white/10 hover:text-white">
        ×
      </button>
    </div>
  );
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4" data-testid="toasts">
        <div aria-live="polite" className="contents">
          {items.filter((t) => t.kind === 'success').map(toast)}
        </div>
        <div aria-live="assertive" className="contents">
          {items.filter((t) => t.kind === 'error').map(toast)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
