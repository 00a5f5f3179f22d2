'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { can, type Capability } from '@/lib/contract/access';
import type { Role } from '@/lib/contract/enums';

export interface CurrentUser {
  userId: string;
  tenantId: string;
  roles: Role[];
}

const UserContext = createContext<CurrentUser>({ userId: '', tenantId: '', roles: [] });

/** The signed-in panel user for client components (buttons offered by capability, the X-User-ID header). */
export function UserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <UserContext.Provider value={user}>{children}</UserContext.Provider>;
}

/** The current user with `can(capability)`: the access table of lib/contract/access.ts, the same the server enforces. */
export function useCurrentUser(): CurrentUser & { can: (capability: Capability) => boolean } {
  const user = useContext(UserContext);
  return { ...user, can: (capability) => can(user, capability) };
}
