import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { UserProvider } from '@/components/shell/user-context';
import { getPanelUser, requestedPath } from '@/lib/auth/panel';
import { getDb } from '@/lib/db/client';
import { getBranding } from '@/lib/services/tenants/branding';

export const dynamic = 'force-dynamic';

/** Every panel page requires a live panel session; otherwise to sign-in, coming back afterwards. */
export default async function PanelLayout({ children }: { children: ReactNode }) {
  const user = await getPanelUser();
  if (!user) {
    const path = (await requestedPath()) ?? '/';
    redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  }
  // the tenant's display name, logo and colour (docs/tenant-setup.md); one row read by primary key
  const branding = await getBranding(await getDb(), user.tenant);
  return (
    <AppShell user={{ name: user.name, email: user.email, roles: user.roles, tenantName: branding.displayName }} branding={branding}>
      <UserProvider user={{ userId: user.principal.userId, tenantId: user.tenant.id, roles: user.roles }}>{children}</UserProvider>
    </AppShell>
  );
}
