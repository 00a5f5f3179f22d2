import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { authSecret } from '@/lib/auth/secret';
import type { Role } from '@/lib/contract/enums';
import type { Db } from '@/lib/db/client';
import { principalForSession, type Principal } from '@/lib/services/identity/sessions';
import { panelSessionClaims } from '@/lib/services/identity/tokens';

/**
 * The admin panel's caller: the next-auth JWT cookie names our server-side session (sid), which
 * must still be live, exactly like a bearer token's. Null when there is no panel cookie.
 */
export async function panelPrincipal(db: Db, req: NextRequest): Promise<Principal | null> {
  const hasCookie = req.cookies.getAll().some((c) => c.name.endsWith('next-auth.session-token'));
  if (!hasCookie) return null;
  const token = await getToken({ req, secret: await authSecret(db) });
  if (!token || typeof token.sid !== 'string' || typeof token.tid !== 'string' || typeof token.sub !== 'string') return null;
  return principalForSession(
    db,
    panelSessionClaims({
      userId: token.sub,
      tenantId: token.tid,
      sessionId: token.sid,
      roles: (token.roles as Role[] | undefined) ?? [],
      iat: typeof token.iat === 'number' ? token.iat : 0,
      exp: typeof token.exp === 'number' ? token.exp : 0,
      jti: typeof token.jti === 'string' ? token.jti : 'panel',
    }),
  );
}
