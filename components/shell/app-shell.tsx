import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { SearchBox } from '@/components/search/search-box';
import { navItemsFor } from './nav-items';
import type { Role } from '@/lib/contract/enums';
import { ShellNav } from './shell-nav';
import { BrandMark } from '@/components/tenant-setup/brand-mark';
import { brandStyle } from '@/components/tenant-setup/brand-style';
import type { Branding } from '@/lib/contract/tenant-setup';

/** Layout of the signed-in panel: a sidebar on wide screens, a top bar with a menu button on narrow ones. */
export interface ShellUser {
  name: string;
  email: string;
  roles: Role[];
  tenantName: string;
}

export function AppShell({ children, user, branding }: { children: ReactNode; user: ShellUser; branding?: Pick<Branding, 'displayName' | 'logo' | 'primaryColor'> }) {
  // the tenant's primary colour as the brand variables every bg-brand-*/text-brand-* reads
  return (
    <div className="min-h-screen md:flex" style={branding ? brandStyle(branding.primaryColor) : undefined}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="relative border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-b-0 md:border-r">
        {/* below 768 px one compact row: mark, tenant and the menu button (the bar under it holds search and sign-out) */}
        <div className="flex items-center gap-2 py-2 pl-4 pr-28 md:px-5 md:py-4">
          {branding ? (
            <BrandMark name={branding.displayName} logo={branding.logo} />
          ) : (
            <span aria-hidden className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
              BP
            </span>
          )}
          <span className="hidden truncate font-semibold text-ink md:inline" data-testid="shell-brand">
            {branding?.displayName ?? 'Business Platform'}
          </span>
          <span className="truncate text-sm font-semibold text-ink md:hidden">{user.tenantName}</span>
        </div>
        <ShellNav
          items={navItemsFor(user.roles)}
          footer={
            <p className="border-t border-slate-200 px-3 pt-3 text-sm leading-tight md:hidden">
              <span className="block font-medium text-ink">{user.name}</span>
              <span className="block text-xs text-ink-muted">{user.roles.map((r) => r.replaceAll('_', ' ').toLowerCase()).join(', ')}</span>
            </p>
          }
        />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-t-4 border-slate-200 border-t-brand-600 bg-white px-4 py-2 md:flex-wrap md:px-10 md:py-3">
          <p className="hidden text-sm text-ink-muted md:block">
            <span className="sr-only">Tenant: </span>
            <span className="font-medium text-ink" data-testid="shell-tenant">
              {user.tenantName}
            </span>
          </p>
          <SearchBox />
          <div className="flex shrink-0 items-center gap-3">
            <p className="hidden text-right text-sm leading-tight md:block">
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
