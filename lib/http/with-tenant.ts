import type { ContextHeaderName } from '@/lib/contract/headers';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { createRoute, type BaseContext, type Parsed, type RouteHandler, type RoutePolicy, type RouteSchemas } from './api-route';
import { parseContextHeaders, type HeaderSpec, type ParsedHeaders } from './headers';
import { authenticate, requestTenant } from './authenticate';

export interface TenantContext<R extends ContextHeaderName> {
  tenant: TenantRow;
  headers: ParsedHeaders<R | 'X-Tenant-ID'>;
  db: Db;
  /** the signed-in caller when `optionalPrincipal` is set and a credential was sent; else null */
  principal: Principal | null;
}

export type WithTenantOptions<S extends RouteSchemas, R extends ContextHeaderName> = S &
  RoutePolicy & {
    /** Context headers the route requires besides X-Tenant-ID, and the optional ones it reads. */
    headers?: HeaderSpec<R>;
    /**
     * Resolve a bearer token or panel session if one is sent (an invalid one answers 401), so that
     * rate limits and Idempotency-Key records are the user's rather than the IP's.
     */
    optionalPrincipal?: boolean;
  };

/**
 * The wrapper of every tenant-scoped endpoint: validates the declared context headers, resolves the
 * X-Tenant-ID tenant (unknown or suspended: 403), attaches a tenant-bound logger, then validates
 * params, query and body and hands the handler `{ req, params, query, body, tenant, headers, log, db }`.
 */
export function withTenant<S extends RouteSchemas = Record<never, never>, R extends ContextHeaderName = 'X-Tenant-ID'>(
  handler: (ctx: BaseContext & TenantContext<R> & Parsed<S>) => Promise<Response>,
  options: WithTenantOptions<S, R> = {} as WithTenantOptions<S, R>,
): RouteHandler {
  const { headers: spec, maxBodyBytes, rateLimit, idempotency, optionalPrincipal: withPrincipal, ...schemas } = options;
  const required = [...new Set<ContextHeaderName>(['X-Tenant-ID', ...(spec?.required ?? [])])];
  return createRoute({
    schemas: schemas as S,
    maxBodyBytes,
    rateLimit,
    idempotency,
    prepare: async (base) => {
      const headers = parseContextHeaders(base.req.headers, { required, optional: spec?.optional });
      const db = await getDb();
      const tenant = await requestTenant(db, headers['X-Tenant-ID']);
      base.log = base.log.child({ tenantId: tenant.id });
      base.identity.tenantId = tenant.id;
      const principal = withPrincipal ? await authenticate(base.req, 'session', db) : null;
      if (principal) base.identity.userId = principal.userId;
      return { headers: headers as ParsedHeaders<R | 'X-Tenant-ID'>, tenant, db, principal };
    },
    handler: (ctx) => handler(ctx as BaseContext & TenantContext<R> & Parsed<S>),
  });
}
