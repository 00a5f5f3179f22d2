import type { z } from 'zod';
import type { ContextHeaderName } from '@/lib/contract/headers';
import type { RouteSpec } from '@/lib/contract/routes/types';
import type { Db } from '@/lib/db/client';
import type { FileAnswer, TypedAnswer } from './envelope';
import { createRoute, routeLabel, type BaseContext, type Parsed, type RawParams, type RouteHandler } from './api-route';
import { callerStep, type AuthContext, type CardAuthContext, type TenantContext } from './callers';

/**
 * Binds a route definition (lib/contract/routes) to its handler: one request pipeline
 * (lib/http/api-route.ts `createRoute`), configured once from the definition: its `auth` picks the
 * caller step (lib/http/callers.ts), its headers and capability configure it, and its params,
 * query, body, body limit, rate-limit class and Idempotency-Key policy the rest. The handler's
 * context is typed from the definition.
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
  const caller = callerStep(definition);
  const built = createRoute({
    schemas: definition.auth === 'card' ? {} : { params: definition.params, query: definition.query, body: definition.body },
    prepare: caller.prepare,
    // the context type follows from the definition (EndpointContext); the caller step builds exactly that context
    handler: handler as (ctx: unknown) => Promise<Response>,
    renderError: caller.renderError,
    rateLimit: definition.rateLimit ?? caller.rateLimit,
    // 'required': the service claims the key in the one store inside its own transaction (POST /transfers)
    idempotency: definition.idempotency === true,
    maxBodyBytes: definition.maxBodyBytes,
    metricsRoute: routeLabel(definition.path),
  });
  definitions.set(built, definition);
  return built;
}
