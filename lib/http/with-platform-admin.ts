import { createHash, timingSafeEqual } from 'node:crypto';
import { getDb, type Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { createRoute, type BaseContext, type Parsed, type RouteHandler, type RoutePolicy, type RouteSchemas } from './api-route';
import { routeNotFound, unauthorized } from '@/lib/contract/api-errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented bearer credential with the configured key. */
export function platformKeyMatches(authorization: string | null, key: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(key));
}

/**
 * The wrapper of the platform operator's endpoints (tenant registration and lifecycle), guarded by
 * `Authorization: Bearer <PLATFORM_ADMIN_KEY>`. Without a configured key the routes do not exist (404).
 */
export function withPlatformAdmin<S extends RouteSchemas = Record<never, never>>(
  handler: (ctx: BaseContext & { db: Db } & Parsed<S>) => Promise<Response>,
  options: S & RoutePolicy = {} as S & RoutePolicy,
): RouteHandler {
  const { rateLimit, idempotency, ...schemas } = options;
  return createRoute({
    schemas: schemas as S,
    rateLimit,
    idempotency,
    prepare: async ({ req }) => {
      const key = getEnv().PLATFORM_ADMIN_KEY;
      if (!key) throw routeNotFound(req.method, req.nextUrl.pathname);
      if (!platformKeyMatches(req.headers.get('authorization'), key)) {
        throw unauthorized('a valid platform operator key is required: Authorization: Bearer <PLATFORM_ADMIN_KEY>');
      }
      return { db: await getDb() };
    },
    handler,
  });
}
