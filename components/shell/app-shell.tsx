import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { SearchBox } from '@/components/search/search-box';
import { navItemsFor } from './nav-items';
import type { Role } from '@/lib/contract/enums';
import { ShellNav } from './shell-nav';

/** Layout of the signed-in panel: a sidebar on wide screens, a top bar with a menu button on narrow ones. */
export interface ShellUser {
  name: string;
  email: string;
  roles: Role[];
  tenantName: string;
}

export function AppShell({ children, user }: { children: ReactNode; user: ShellUser }) {
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="relative border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-b-0 md:border-r">
        <div className="flex items-center gap-2 px-5 py-4">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
            BP
          </span>
          <span className="font-semibold text-ink">Business Platform</span>
        </div>
        <ShellNav items={navItemsFor(user.roles)} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-10">
          <p className="text-sm text-ink-muted">
            <span className="sr-only">Tenant: </span>
            <span className="font-medium text-ink" data-testid="shell-tenant">
              {user.tenantName}
            </span>
          </p>
          <SearchBox />
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
