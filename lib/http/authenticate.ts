import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { authSecret } from '@/lib/auth/secret';
import { routeNotFound, tenantAccessDenied, unauthorized } from '@/lib/contract/api-errors';
import type { Role } from '@/lib/contract/enums';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { cachedTenant } from '@/lib/services/identity/principal-cache';
import { authenticateBearer, authenticatePanelSession, type Principal } from '@/lib/services/identity/sessions';
import { bearerToken } from '@/lib/services/identity/tokens';
import { findTenant } from '@/lib/services/tenants/tenants';
import { crossSiteRefusal } from './same-origin';

/**
 * Authentication (docs/identity.md): the one place that reads credentials from a request and turns
 * them into a caller. Every caller step (lib/http/callers.ts) calls `authenticate()` with its surface:
 *
 * - `session` (the `bearer` and `tenantOptionalBearer` caller steps, the registrar): `Authorization: Bearer`
 *   with one of our access tokens, else the admin panel's next-auth session cookie; null when
 *   neither is sent. A panel-cookie request that changes something must come from our own origin.
 * - `panel`: the panel's cookie only (null without one).
 * - `card` (the card API's caller step): a bearer token only, never the panel cookie; 401 without one.
 *   A card API token (session kind CARD_API) is refused on every other surface (401).
 * - `platform` (the `platformKey` caller step): `Authorization: Bearer <PLATFORM_ADMIN_KEY>`; without a
 *   configured key the operator's routes do not exist (404).
 *
 * A session's principal comes from the process's principal cache when it is warm (no statement),
 * otherwise from one statement (lib/services/identity/sessions.ts `principalForSession`).
 */
export type AuthSurface = 'session' | 'panel' | 'card' | 'platform';

/** The 401's details when a card API token is sent to any other API. */
const CARD_TOKEN_ELSEWHERE = 'a card API token (from /api/auth/login) opens the card API only; sign in as an administrator or customer for this API';

/** The platform operator (the holder of PLATFORM_ADMIN_KEY): not a user of any tenant. */
export interface PlatformOperator {
  kind: 'PLATFORM_OPERATOR';
}

export function authenticate(req: NextRequest, surface: 'platform'): Promise<PlatformOperator>;
export function authenticate(req: NextRequest, surface: 'card', db?: Db): Promise<Principal>;
export function authenticate(req: NextRequest, surface: 'session' | 'panel', db?: Db): Promise<Principal | null>;
export async function authenticate(req: NextRequest, surface: AuthSurface, db?: Db): Promise<Principal | PlatformOperator | null> {
  switch (surface) {
    case 'platform':
      return platformOperator(req);
    case 'card': {
      // bearerToken refuses a present but malformed header itself
      const token = bearerToken(req.headers.get('authorization'));
      if (!token) throw unauthorized('send Authorization: Bearer <token> from /api/auth/login');
      return authenticateBearer(db ?? (await getDb()), token);
    }
    case 'panel':
      return panelCookiePrincipal(req, db ?? (await getDb()));
    case 'session': {
      const token = bearerToken(req.headers.get('authorization'));
      if (token) {
        const principal = await authenticateBearer(db ?? (await getDb()), token);
        // a card API token opens the card API only: the panel hands one to the browser's script, and
        // there it must not carry its user's whole access to the rest of the API (docs/identity.md)
        if (principal.kind === 'CARD_API') throw unauthorized(CARD_TOKEN_ELSEWHERE);
        return principal;
      }
      const principal = await panelCookiePrincipal(req, db ?? (await getDb()));
      if (principal) {
        const refusal = crossSiteRefusal(req);
        if (refusal) throw refusal;
      }
      return principal;
    }
  }
}

/**
 * The admin panel's caller: the next-auth JWT cookie names our server-side session (sid), which
 * must still be live, exactly like a bearer token's. Null when there is no panel cookie.
 */
async function panelCookiePrincipal(req: NextRequest, db: Db): Promise<Principal | null> {
  const hasCookie = req.cookies.getAll().some((c) => c.name.endsWith('next-auth.session-token'));
  if (!hasCookie) return null;
  const token = await getToken({ req, secret: await authSecret(db) });
  if (!token || typeof token.sid !== 'string' || typeof token.tid !== 'string' || typeof token.sub !== 'string') return null;
  return authenticatePanelSession(db, {
    userId: token.sub,
    tenantId: token.tid,
    sessionId: token.sid,
    roles: (token.roles as Role[] | undefined) ?? [],
    iat: typeof token.iat === 'number' ? token.iat : 0,
    exp: typeof token.exp === 'number' ? token.exp : 0,
    jti: typeof token.jti === 'string' ? token.jti : 'panel',
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented bearer credential with a configured key (platform, metrics). */
export function platformKeyMatches(authorization: string | null, key: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(key));
}

function platformOperator(req: NextRequest): PlatformOperator {
  const key = getEnv().PLATFORM_ADMIN_KEY;
  if (!key) throw routeNotFound(req.method, req.nextUrl.pathname);
  if (!platformKeyMatches(req.headers.get('authorization'), key)) {
    throw unauthorized('a valid platform operator key is required: Authorization: Bearer <PLATFORM_ADMIN_KEY>');
  }
  return { kind: 'PLATFORM_OPERATOR' };
}

/**
 * The X-Tenant-ID tenant of a tenant-scoped request, through the principal cache (a tenant's change
 * drops it on every instance). Unknown and suspended tenants answer the same 403, so the answer does
 * not tell whether a tenant id exists.
 */
export async function requestTenant(db: Db, tenantId: string): Promise<TenantRow> {
  const row = await cachedTenant(db, tenantId, () => findTenant(db, tenantId));
  if (!row || row.status !== 'ACTIVE') throw tenantAccessDenied(tenantId);
  return row;
}
