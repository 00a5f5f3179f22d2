'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

/** A navigation entry that marks itself as the current page (aria-current). */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const path = usePathname();
  const current = href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${current ? 'bg-brand-50 text-brand-700' : 'text-ink'}`}
    >
      {children}
    </Link>
  );
}
