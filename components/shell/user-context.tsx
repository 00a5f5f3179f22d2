'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@/lib/contract/enums';

export interface CurrentUser {
  userId: string;
  tenantId: string;
  roles: Role[];
}

const UserContext = createContext<CurrentUser>({ userId: '', tenantId: '', roles: [] });

/** The signed-in panel user for client components (role-aware buttons, the X-User-ID header). */
export function UserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <UserContext.Provider value={user}>{children}</UserContext.Provider>;
}

export function useCurrentUser(): CurrentUser & { has: (...roles: Role[]) => boolean } {
  const user = useContext(UserContext);
  return { ...user, has: (...roles) => roles.some((r) => user.roles.includes(r)) };
}
