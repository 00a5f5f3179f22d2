import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db/client';
import type { Principal } from '@/lib/services/identity/sessions';
import { authenticate } from './authenticate';

/**
 * The admin panel's caller: the next-auth JWT cookie names our server-side session (sid), which
 * must still be live, exactly like a bearer token's. Null when there is no panel cookie.
 * (`authenticate(req, 'panel')`: the cookie is read there, with every other credential.)
 */
export async function panelPrincipal(db: Db, req: NextRequest): Promise<Principal | null> {
  return authenticate(req, 'panel', db);
}
