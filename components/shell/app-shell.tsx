import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { navItemsFor } from './nav-items';
import { NavLink } from './nav-link';

/** Layout of the signed-in panel: a sidebar on wide screens, a scrollable top bar on narrow ones. */
export interface ShellUser {
  name: string;
  email: string;
  roles: string[];
  tenantName: string;
}

export function AppShell({ children, user }: { children: ReactNode; user: ShellUser }) {
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-b-0 md:border-r">
        <div className="flex items-center gap-2 px-5 py-4">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
            BP
          </span>
          <span className="font-semibold text-ink">Business Platform</span>
        </div>
        <nav aria-label="Main" className="overflow-x-auto px-3 pb-3 md:pb-6">
          <ul className="flex gap-1 md:flex-col">
            {navItemsFor(user.roles).map((item) => (
              <li key={item.href}>
                {item.ready ? (
                  <NavLink href={item.href}>{item.label}</NavLink>
                ) : (
                  <span
                    aria-disabled="true"
                    title="Coming soon"
                    className="flex items-center justify-between gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm text-ink-muted"
                  >
                    {item.label}
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-slate-600">
                      soon
                    </span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-10">
          <p className="text-sm text-ink-muted">
            <span className="sr-only">Tenant: </span>
            <span className="font-medium text-ink" data-testid="shell-tenant">
              {user.tenantName}
            </span>
          </p>
          <div className="flex items-center gap-3">
            <p className="text-right text-sm leading-tight">
              <span className="block font-medium text-ink" data-testid="shell-user">
                {user.name}
              </span>
              <span className="block text-xs text-ink-muted">{user.roles.map((r) => r.replaceAll('_', ' ').toLowerCase()).join(', ')}</span>
            </p>
            <SignOutButton />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 md:px-10 md:py-10">
          {children}
        </main>
      </div>
    </div>
  );
}
