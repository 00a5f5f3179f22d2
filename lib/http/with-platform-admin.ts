import { getDb, type Db } from '@/lib/db/client';
import { createRoute, type BaseContext, type Parsed, type RouteHandler, type RoutePolicy, type RouteSchemas } from './api-route';
import { authenticate } from './authenticate';

export { platformKeyMatches } from './authenticate';

/**
 * The wrapper of the platform operator's endpoints (tenant registration and lifecycle), guarded by
 * `Authorization: Bearer <PLATFORM_ADMIN_KEY>`. Without a configured key the routes do not exist (404).
 */
export function withPlatformAdmin<S extends RouteSchemas = Record<never, never>>(
  handler: (ctx: BaseContext & { db: Db } & Parsed<S>) => Promise<Response>,
  options: S & RoutePolicy = {} as S & RoutePolicy,
): RouteHandler {
  const { rateLimit, idempotency, maxBodyBytes, ...schemas } = options;
  return createRoute({
    schemas: schemas as S,
    rateLimit,
    idempotency,
    maxBodyBytes,
    prepare: async ({ req }) => {
      await authenticate(req, 'platform');
      return { db: await getDb() };
    },
    handler,
  });
}
