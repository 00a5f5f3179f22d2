'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { NavItem } from './nav-items';
import { NavLink } from './nav-link';

/**
 * The main navigation. From `md` (768 px) up it is the sidebar's list; below, a "Menu" button in the
 * top bar opens it as a full-width list under the bar (and closes it again on navigation or Escape),
 * so every entry is reachable on a phone without sideways scrolling.
 */
export function ShellNav({ items, footer }: { items: NavItem[]; footer?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const path = usePathname();
  // close the menu when the page changes
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    setSeenPath(path);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen((o) => !o)}
        className="absolute right-4 top-2 inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50 md:hidden"
      >
        <span aria-hidden className="text-base leading-none">
          {open ? '✕' : '☰'}
        </span>
        Menu
      </button>
      <nav id="main-nav" aria-label="Main" className={`px-3 pb-3 md:block md:pb-6 ${open ? 'block' : 'hidden'}`}>
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.href}>
              {item.ready ? (
                <NavLink href={item.href}>{item.label}</NavLink>
              ) : (
                <span aria-disabled="true" title="Coming soon" className="flex items-center justify-between gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm text-ink-muted">
                  {item.label}
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-slate-600">soon</span>
                </span>
              )}
            </li>
          ))}
        </ul>
        {footer}
      </nav>
    </>
  );
}
