import type { NextRequest } from 'next/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import { strictInput } from '@/lib/contract/strict';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { recordRequest } from '@/lib/metrics/registry';
import { readJsonBody } from './body';
import { envelopeA, REQUEST_ID_HEADER } from './envelope';
import { clientIp } from './client-ip';
import { databaseCause, isDatabaseUnavailable } from '@/lib/db/errors';
import { ApiError, databaseUnavailable, fromZodError, internalError, isApiError, tooManyRequests } from '@/lib/contract/api-errors';
import { runIdempotent } from './idempotency';
import { assertStringsText } from './input-text';
import { consumeRateLimit, rateLimitHeaders, type RateLimitClass, type RateLimitDecision } from './rate-limit';
import { requestIdOf } from './request-id';

/**
 * The one place where a request becomes a response. Every route handler is built here: it assigns
 * the request id, runs the wrapper's preparation (headers, tenant, credentials), validates params,
 * query and body with the route's zod schemas, calls the handler and turns anything thrown into the
 * error envelope. No route handler has a try/catch of its own.
 */
export type RawParams = Record<string, string | string[] | undefined>;
export type NextRouteContext = { params: Promise<RawParams> };
export type RouteHandler = (req: NextRequest, ctx: NextRouteContext) => Promise<Response>;

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface BaseContext {
  req: NextRequest;
  requestId: string;
  log: Logger;
  /** Who is calling, filled by the wrappers' prepare: keys the rate limit and Idempotency-Key records. */
  identity: CallerIdentity;
}

export interface CallerIdentity {
  tenantId?: string;
  userId?: string;
  /** the socket peer or, behind TRUSTED_PROXIES, the forwarded client; null in-process */
  ip: string | null;
}

/** Per-route policies every wrapper accepts: the rate-limit class and Idempotency-Key support. */
export interface RoutePolicy {
  /** route class of the rate limit (RATE_LIMIT_<CLASS>_MAX per window); default "default" */
  rateLimit?: RateLimitClass;
  /** accept `Idempotency-Key` (POSTs that create something): replay, 409 while running, 422 on a different body */
  idempotency?: boolean;
  /** a larger body limit than MAX_BODY_BYTES (registration and document uploads) */
  maxBodyBytes?: number;
}

/** The rate-limit key: per tenant and per client (the user, else the IP). */
export function rateLimitKey(identity: CallerIdentity): string {
  const client = identity.userId ? `user:${identity.userId}` : `ip:${identity.ip ?? 'unknown'}`;
  return `${identity.tenantId ?? '-'}:${client}`;
}

export type Parsed<S extends RouteSchemas> = {
  params: S['params'] extends z.ZodType ? z.output<S['params']> : RawParams;
  query: Out<S['query']>;
  body: Out<S['body']>;
};

/** How an ApiError is rendered: Envelope A by default, Envelope B for the card API. */
export type ErrorRenderer = (error: ApiError, requestId: string) => Response;

export const renderEnvelopeA: ErrorRenderer = (error) => envelopeA(error.data, { status: error.status, message: error.message, headers: error.headers });

export interface RouteDefinition<S extends RouteSchemas, X> extends RoutePolicy {
  schemas: S;
  /** Runs before params/query/body validation: header checks, authentication, tenant resolution. */
  prepare: (base: BaseContext) => Promise<X>;
  handler: (ctx: BaseContext & X & Parsed<S>) => Promise<Response>;
  renderError?: ErrorRenderer;
}

function parseWith(schema: z.ZodType | undefined, input: unknown, prefix?: string): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}

function queryObject(req: NextRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(req.nextUrl.searchParams.keys())) {
    const all = req.nextUrl.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

export function createRoute<S extends RouteSchemas, X>(definition: RouteDefinition<S, X>): RouteHandler {
  // strict request bodies: an undeclared key at any depth answers 400 naming it (lib/contract/strict.ts)
  const bodySchema = definition.schemas.body ? strictInput(definition.schemas.body) : undefined;
  const render = definition.renderError ?? renderEnvelopeA;
  const limitClass = definition.rateLimit ?? 'default';
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    // The wrappers refine base.log (tenant, user); the error and access lines use the refined one.
    const base: BaseContext = { req, requestId, log: logger().child({ requestId }), identity: { ip: clientIp(req.headers) } };
    let response: Response;
    // Counted once per request: after prepare (tenant and user known), or on its failure by IP.
    let decision: RateLimitDecision | undefined;
    const limit = async () => {
      if (decision) return;
      decision = await consumeRateLimit(limitClass, rateLimitKey(base.identity));
      if (!decision.allowed) throw tooManyRequests(decision.resetSeconds);
    };
    try {
      const extra = await definition.prepare(base);
      await limit();
      const rawParams = ((await ctx?.params) ?? {}) as RawParams;
      const rawQuery = queryObject(req);
      // the text rule at the edge: every path and query parameter, whether or not the route reads it
      assertStringsText(Object.entries(rawParams));
      assertStringsText(Object.entries(rawQuery));
      const params = parseWith(definition.schemas.params, rawParams);
      const query = parseWith(definition.schemas.query, rawQuery);
      let body: unknown = undefined;
      let rawBody: unknown = undefined;
      if (bodySchema) {
        // A body schema that accepts "nothing" (e.g. logout's optional options) allows an empty request.
        const empty = !req.headers.get('content-type') && (req.headers.get('content-length') ?? '0') === '0';
        const absent = empty ? bodySchema.safeParse(undefined) : undefined;
        if (absent?.success) body = absent.data;
        else body = parseWith(bodySchema, (rawBody = await readJsonBody(req, definition.maxBodyBytes ?? getEnv().MAX_BODY_BYTES)));
      }
      const run = () => definition.handler({ ...base, ...extra, params, query, body } as BaseContext & X & Parsed<S>);
      response = definition.idempotency ? await runIdempotent(base, rawBody, run, (e) => render(e, requestId)) : await run();
    } catch (thrown) {
      let error = thrown;
      // a request that failed before it was counted (bad credentials, unknown tenant) still counts, by IP
      if (!decision) await limit().catch((e: unknown) => (error = isApiError(e) ? e : error));
      if (isApiError(error)) {
        response = render(error, requestId);
      } else if (isDatabaseUnavailable(error)) {
        // logged once, with the driver's own reason; the client learns only that it may retry
        base.log.error({ err: error, cause: databaseCause(error), method: req.method, path: req.nextUrl.pathname }, 'database unavailable');
        response = render(databaseUnavailable(), requestId);
      } else {
        // logged once, with the database's own message and SQLSTATE when it came from there (never in the response)
        base.log.error({ err: error, cause: databaseCause(error), method: req.method, path: req.nextUrl.pathname }, 'unhandled error');
        response = render(internalError(requestId), requestId);
      }
    }
    if (decision) {
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
      if (!decision.allowed) response.headers.set('Retry-After', String(decision.resetSeconds));
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    response.headers.set('Cache-Control', response.headers.get('Cache-Control') ?? 'no-store');
    // operators' metrics (GET /api/metrics): labelled by the route's template, never the raw URL
    await recordRequest({
      method: req.method,
      pathname: req.nextUrl.pathname,
      params: ctx?.params,
      status: response.status,
      seconds: (performance.now() - started) / 1000,
      refusedBy: decision && !decision.allowed ? limitClass : undefined,
    });
    base.log.info({ method: req.method, path: req.nextUrl.pathname, status: response.status, ms: Math.round(performance.now() - started), ip: base.identity.ip }, 'request');
    return response;
  };
}

/** A route with no tenant and no credentials (health, the catch-all 404). */
export function withApi<S extends RouteSchemas = Record<never, never>>(
  handler: (ctx: BaseContext & Parsed<S>) => Promise<Response>,
  options: S & RoutePolicy = {} as S & RoutePolicy,
): RouteHandler {
  const { rateLimit, idempotency, maxBodyBytes, ...schemas } = options;
  return createRoute<S, object>({ schemas: schemas as S, rateLimit, idempotency, maxBodyBytes, prepare: async () => ({}), handler });
}
