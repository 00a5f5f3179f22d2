import type { ContextHeaderName } from '@/lib/contract/headers';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import { resolveActiveTenant } from '@/lib/services/tenants/tenants';
import { createRoute, type BaseContext, type Parsed, type RouteHandler, type RoutePolicy, type RouteSchemas } from './api-route';
import { parseContextHeaders, type HeaderSpec, type ParsedHeaders } from './headers';

export interface TenantContext<R extends ContextHeaderName> {
  tenant: TenantRow;
  headers: ParsedHeaders<R | 'X-Tenant-ID'>;
  db: Db;
}

export type WithTenantOptions<S extends RouteSchemas, R extends ContextHeaderName> = S & RoutePolicy & {
  /** Context headers the route requires besides X-Tenant-ID, and the optional ones it reads. */
  headers?: HeaderSpec<R>;
  /** A larger body limit than MAX_BODY_BYTES (registration with a document). */
  maxBodyBytes?: number;
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
  const { headers: spec, maxBodyBytes, rateLimit, idempotency, ...schemas } = options;
  const required = [...new Set<ContextHeaderName>(['X-Tenant-ID', ...(spec?.required ?? [])])];
  return createRoute({
    schemas: schemas as S,
    maxBodyBytes,
    rateLimit,
    idempotency,
    prepare: async (base) => {
      const headers = parseContextHeaders(base.req.headers, { required, optional: spec?.optional });
      const db = await getDb();
      const tenant = await resolveActiveTenant(db, headers['X-Tenant-ID']);
      base.log = base.log.child({ tenantId: tenant.id });
      base.identity.tenantId = tenant.id;
      return { headers: headers as ParsedHeaders<R | 'X-Tenant-ID'>, tenant, db };
    },
    handler: (ctx) => handler(ctx as BaseContext & TenantContext<R> & Parsed<S>),
  });
}
