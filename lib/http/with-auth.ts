import { can, type Capability } from '@/lib/contract/access';
import { refusalOf, type Refusal } from '@/lib/contract/routes/types';
import type { ContextHeaderName } from '@/lib/contract/headers';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { activeTenantOf } from '@/lib/services/tenants/tenants';
import { createRoute, type BaseContext, type Parsed, type RouteHandler, type RoutePolicy, type RouteSchemas } from './api-route';
import { tenantAccessDenied, unauthorized } from '@/lib/contract/api-errors';
import { parseContextHeaders, type HeaderSpec, type ParsedHeaders } from './headers';
import { authenticate } from './authenticate';

export interface AuthContext<R extends ContextHeaderName> {
  principal: Principal;
  tenant: TenantRow;
  headers: ParsedHeaders<R>;
  db: Db;
}

export type WithAuthOptions<S extends RouteSchemas, R extends ContextHeaderName> = S &
  RoutePolicy & {
    headers?: HeaderSpec<R>;
    /** The capability the caller must hold (lib/contract/access.ts; 403 naming its roles otherwise). */
    allow?: Capability;
    /** the definition's own refusal (lib/contract/routes/types.ts) */
    refusal?: Refusal;
  };

/**
 * The caller if it presents a bearer token or a panel session; null for an anonymous request. A
 * panel-cookie request that changes something must come from our own origin (403 otherwise).
 */
export async function optionalPrincipal(db: Db, req: BaseContext['req']): Promise<Principal | null> {
  return authenticate(req, 'session', db);
}

/**
 * The wrapper of every signed-in endpoint. The caller is a bearer token (`Authorization: Bearer`,
 * from a session endpoint or /api/auth/login) or, without one, the admin panel's next-auth session
 * cookie. The token's tenant is the authority: an X-Tenant-ID that differs answers 403, as does a
 * suspended tenant. Then the capability, then params, query and body.
 */
export function withAuth<S extends RouteSchemas = Record<never, never>, R extends ContextHeaderName = never>(
  handler: (ctx: BaseContext & AuthContext<R> & Parsed<S>) => Promise<Response>,
  options: WithAuthOptions<S, R> = {} as WithAuthOptions<S, R>,
): RouteHandler {
  const { headers: spec, allow, refusal, rateLimit, idempotency, maxBodyBytes, ...schemas } = options;
  return createRoute({
    schemas: schemas as S,
    rateLimit,
    idempotency,
    maxBodyBytes,
    prepare: async (base) => {
      const headers = parseContextHeaders(base.req.headers, {
        required: spec?.required ?? [],
        optional: [...(spec?.optional ?? []), 'X-Tenant-ID'],
      });
      const db = await getDb();
      const principal = await optionalPrincipal(db, base.req);
      if (!principal) throw unauthorized('sign in, or send Authorization: Bearer <token>');
      const claimedTenant = headers['X-Tenant-ID'];
      if (claimedTenant && claimedTenant !== principal.tenantId) throw tenantAccessDenied(claimedTenant);
      base.identity.tenantId = principal.tenantId;
      base.identity.userId = principal.userId;
      const tenant = activeTenantOf(principal);
      if (allow && !can(principal, allow)) throw refusalOf({ allow, refusal }, principal);
      base.log = base.log.child({ tenantId: tenant.id, userId: principal.userId });
      return { principal, tenant, headers: headers as ParsedHeaders<R>, db };
    },
    handler: (ctx) => handler(ctx as BaseContext & AuthContext<R> & Parsed<S>),
  });
}
