import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import { isApiError } from '@/lib/contract/api-errors';
import { getDb } from '@/lib/db/client';
import { authenticatePanelSession, type Principal } from '@/lib/services/identity/sessions';
import { can, type Capability } from '@/lib/contract/access';
import type { Role } from '@/lib/contract/enums';
import { authOptions } from './options';

export interface PanelUser {
  principal: Principal;
  name: string;
  email: string;
  roles: Role[];
  tenant: { id: string; name: string };
}

/**
 * The signed-in panel user for a server component, or null. Besides next-auth's cookie, the
 * server-side session must still be live (not signed out, revoked, disabled or expired). Anything
 * else that fails (the database unavailable) is thrown, not taken for a signed-out visitor: the page
 * shows its error with "Try again" (app/error.tsx), not a sign-in form that cannot work either.
 */
export async function getPanelUser(): Promise<PanelUser | null> {
  const session = await getServerSession(await authOptions());
  const user = session?.user as { id?: string; tenantId?: string; sessionId?: string; roles?: Role[]; name?: string; email?: string } | undefined;
  if (!user?.id || !user.tenantId || !user.sessionId) return null;
  const db = await getDb();
  try {
    // issued now: the page guard checks the session row (live, not revoked), as it always has
    const principal = await authenticatePanelSession(db, {
      userId: user.id,
      tenantId: user.tenantId,
      sessionId: user.sessionId,
      roles: user.roles ?? [],
      iat: Math.floor(Date.now() / 1000),
    });
    const tenant = principal.tenant;
    if (tenant.status !== 'ACTIVE') return null;
    return { principal, name: user.name ?? '', email: user.email ?? '', roles: principal.roles, tenant: { id: tenant.id, name: tenant.name } };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The path and query of the page being rendered, as the proxy passed it on (proxy.ts), or null. */
export async function requestedPath(): Promise<string | null> {
  return (await headers()).get('x-bp-pathname');
}

/**
 * A panel page's guard: the signed-in user holding the capability (any signed-in user when omitted).
 * Without it, to the overview, which says which page was refused and who can grant it (`denied`, the
 * refused path: the overview names it only when it is one of the navigation's pages).
 */
export async function requirePanelUser(capability?: Capability): Promise<PanelUser> {
  const user = await getPanelUser();
  if (!user) redirect('/');
  if (capability && !can(user, capability)) {
    const path = await requestedPath();
    redirect(path ? `/?denied=${encodeURIComponent(path)}` : '/');
  }
  return user;
}
