import type { z } from 'zod';
import type { ContextHeaderName } from '@/lib/contract/headers';
import type { RouteSpec } from '@/lib/contract/routes/types';
import type { Db } from '@/lib/db/client';
import type { FileAnswer, TypedAnswer } from './envelope';
import { withApi, type BaseContext, type Parsed, type RawParams, type RouteHandler } from './api-route';
import { withAuth, type AuthContext } from './with-auth';
import { withCardAuth, type CardAuthContext } from './with-card-auth';
import { withPlatformAdmin } from './with-platform-admin';
import { withTenant, type TenantContext } from './with-tenant';

/**
 * Binds a route definition (lib/contract/routes) to its handler: the definition's `auth` picks the
 * wrapper, and its headers, capability, params, query, body, body limit, rate-limit class and
 * Idempotency-Key policy configure it. The handler's context is typed from the definition.
 *
 *   // GET /api/v2.1/wallets/{walletId} - one wallet with its available balance
 *   const getOne = endpoint(moneyRoutes.getWallet, async ({ db, tenant, principal, params }) => ...);
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
 */
type SchemasOf<D> = Pick<D, Extract<keyof D, 'params' | 'query' | 'body'>>;
type HeadersOf<D> = D extends { headers: { required: readonly (infer R extends ContextHeaderName)[] } } ? R : never;

export type EndpointContext<D extends RouteSpec> = D['auth'] extends 'bearer'
  ? BaseContext & AuthContext<HeadersOf<D>> & Parsed<SchemasOf<D>>
  : D['auth'] extends 'tenant' | 'tenantOptionalBearer'
    ? BaseContext & TenantContext<HeadersOf<D>> & Parsed<SchemasOf<D>>
    : D['auth'] extends 'card'
      ? BaseContext & CardAuthContext & { params: RawParams }
      : D['auth'] extends 'platformKey'
        ? BaseContext & { db: Db } & Parsed<SchemasOf<D>>
        : BaseContext & Parsed<SchemasOf<D>>;

/**
 * What the handler of a definition must answer: with a `response` schema, a TypedAnswer of its input
 * type (envelopeA, jsonAnswer, envelopeAJson), so the compiler refuses an answer that does not match
 * the definition (plus the file of a listed alternative content type, ?format=csv); without one, any
 * Response (a file, the card API's Envelope B).
 */
export type EndpointAnswer<D extends RouteSpec> = D extends { response: infer R extends z.ZodType }
  ? TypedAnswer<z.input<R>> | (D extends { alternativeContentTypes: readonly string[] } ? FileAnswer : never)
  : Response;

const definitions = new WeakMap<RouteHandler, RouteSpec>();

/** The definition a handler was built from (the route coverage test, route()). */
export function definitionOf(handler: unknown): RouteSpec | undefined {
  return typeof handler === 'function' ? definitions.get(handler as RouteHandler) : undefined;
}

export function endpoint<const D extends RouteSpec>(definition: D, handler: (ctx: EndpointContext<D>) => Promise<EndpointAnswer<D>>): RouteHandler {
  const schemas = { params: definition.params, query: definition.query, body: definition.body };
  // 'required': the service claims the key in the one store inside its own transaction (POST /transfers)
  const policy = { rateLimit: definition.rateLimit, idempotency: definition.idempotency === true, maxBodyBytes: definition.maxBodyBytes };
  // the context type follows from the definition (EndpointContext); each wrapper builds exactly that context
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const run = handler as (ctx: any) => Promise<Response>;
  let built: RouteHandler;
  switch (definition.auth) {
    case 'none':
      built = withApi(run, { ...schemas, ...policy });
      break;
    case 'tenant':
    case 'tenantOptionalBearer':
      built = withTenant(run, {
        ...schemas,
        ...policy,
        headers: definition.headers,
        optionalPrincipal: definition.auth === 'tenantOptionalBearer',
      });
      break;
    case 'bearer':
      built = withAuth(run, { ...schemas, ...policy, headers: definition.headers, allow: definition.allow, refusal: definition.refusal });
      break;
    case 'platformKey':
      built = withPlatformAdmin(run, { ...schemas, ...policy });
      break;
    case 'card':
      built = withCardAuth(run);
      break;
  }
  definitions.set(built, definition);
  return built;
}
