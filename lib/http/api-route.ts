import type { NextRequest } from 'next/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import { strictInput } from '@/lib/contract/strict';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { recordRequest, routeTemplate } from '@/lib/metrics/registry';
import { readJsonBody } from './body';
import { REQUEST_ID_HEADER, hasKeys, renderEnvelopeA, type ErrorRenderer } from './envelope';
import { clientIp } from './client-ip';
import { isDatabaseTimeout, isDatabaseUnavailable } from '@/lib/db/errors';
import { databaseTimeout, databaseUnavailable, fromZodError, internalError, isApiError, tooManyRequests } from '@/lib/contract/api-errors';
import { runIdempotent } from './idempotency';
import { assertStringsText } from './input-text';
import { consumeRateLimit, type RateLimitClass, type RateLimitDecision } from './rate-limit';
import { rateLimitKey, type CallerIdentity } from './identity';
import { requestIdOf } from './request-id';
import { startupPending } from './startup-gate';

export { rateLimitKey, renderEnvelopeA, type CallerIdentity, type ErrorRenderer, type RateLimitClass };

/**
 * The one place where a request becomes a response (`createRoute`, below): every route handler is
 * built here, from a definition by `endpoint()` (lib/http/endpoint.ts).
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
  /** Who is calling, filled by the caller step (lib/http/callers.ts): keys the rate limit and Idempotency-Key records. */
  identity: CallerIdentity;
}

/** Per-route policies of a definition: the rate-limit class and Idempotency-Key support. */
export interface RoutePolicy {
  /** route class of the rate limit (RATE_LIMIT_<CLASS>_MAX per window); default "default" */
  rateLimit?: RateLimitClass;
  /** accept `Idempotency-Key` (POSTs that create something): replay, 409 while running, 422 on a different body */
  idempotency?: boolean;
  /** a larger body limit than MAX_BODY_BYTES (registration and document uploads) */
  maxBodyBytes?: number;
}

export type Parsed<S extends RouteSchemas> = {
  params: S['params'] extends z.ZodType ? z.output<S['params']> : RawParams;
  query: Out<S['query']>;
  body: Out<S['body']>;
};

export interface RouteDefinition<S extends RouteSchemas, X> extends RoutePolicy {
  schemas: S;
  /** The caller step (lib/http/callers.ts), before params/query/body validation: header checks, authentication, tenant resolution; none for a route anyone may call. */
  prepare?: (base: BaseContext) => Promise<X>;
  handler: (ctx: BaseContext & X & Parsed<S>) => Promise<Response>;
  renderError?: ErrorRenderer;
  /** the metrics label (`routeLabel` of the definition's path); without it, the template is found from the URL and the params */
  metricsRoute?: string;
}

function parseWith(schema: z.ZodType | undefined, input: unknown, prefix?: string): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}

function queryObject(req: NextRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!req.nextUrl.search) return out;
  for (const key of new Set(req.nextUrl.searchParams.keys())) {
    const all = req.nextUrl.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

/**
 * The metrics label of a definition's path: `/api/v2.1/wallets/{walletId}` -> `/api/v2.1/wallets/[walletId]`,
 * the template Next.js's folders use (and never the raw URL, whose ids are unbounded).
 */
export function routeLabel(path: string): string {
  return path.replace(/\{([^}]+)\}/g, '[$1]');
}

/**
 * The one request pipeline: entered once per request, configured once per route (when its module
 * loads) by `endpoint()` from the definition. In order: the request id; the caller step
 * (lib/http/callers.ts: context headers, credentials, tenant, capability); the rate limit, counted
 * once (after the caller is known, or by IP when it failed); path and query text rules and
 * validation; the body (strict: an undeclared key answers 400); Idempotency-Key; the handler; any
 * throw rendered as the definition's envelope; the limit, request id and Cache-Control headers; the
 * metrics; one access log line. No route handler has a try/catch of its own.
 */
export function createRoute<S extends RouteSchemas, X>(definition: RouteDefinition<S, X>): RouteHandler {
  // strict request bodies: an undeclared key at any depth answers 400 naming it (lib/contract/strict.ts)
  const bodySchema = definition.schemas.body ? strictInput(definition.schemas.body) : undefined;
  const paramsSchema = definition.schemas.params;
  const querySchema = definition.schemas.query;
  const render = definition.renderError ?? renderEnvelopeA;
  const limitClass = definition.rateLimit ?? 'default';
  const maxBodyBytes = definition.maxBodyBytes;
  const fixedLabel = definition.metricsRoute;
  const prepare = definition.prepare;
  return async (req, ctx) => {
    // only while the server starts: the database opening, migrations, the rate-limit store
    const startup = startupPending();
    if (startup) await startup;
    const started = performance.now();
    const requestId = requestIdOf(req);
    const base = requestContext(req, requestId, clientIp(req.headers));
    let response: Response;
    // Counted once per request: after prepare (tenant and user known), or on its failure by IP.
    let decision: RateLimitDecision | undefined;
    let rawParams: RawParams | undefined;
    try {
      const extra = prepare ? await prepare(base) : undefined;
      decision = await consumeRateLimit(limitClass, rateLimitKey(base.identity));
      if (!decision.allowed) throw tooManyRequests(decision.resetSeconds);
      rawParams = ctx?.params ? ((await ctx.params) ?? {}) : {};
      const rawQuery = queryObject(req);
      // the text rule at the edge: every path and query parameter, whether or not the route reads it
      if (hasKeys(rawParams)) assertStringsText(Object.entries(rawParams));
      if (hasKeys(rawQuery)) assertStringsText(Object.entries(rawQuery));
      const params = paramsSchema ? parseWith(paramsSchema, rawParams) : rawParams;
      const query = querySchema ? parseWith(querySchema, rawQuery) : rawQuery;
      let body: unknown = undefined;
      let rawBody: unknown = undefined;
      if (bodySchema) {
        // A body schema that accepts "nothing" (e.g. logout's optional options) allows an empty request.
        const empty = !req.headers.get('content-type') && (req.headers.get('content-length') ?? '0') === '0';
        const absent = empty ? bodySchema.safeParse(undefined) : undefined;
        if (absent?.success) body = absent.data;
        else body = parseWith(bodySchema, (rawBody = await readJsonBody(req, maxBodyBytes ?? getEnv().MAX_BODY_BYTES)));
      }
      const context = Object.assign(base, extra, { params, query, body }) as unknown as BaseContext & X & Parsed<S>;
      response = definition.idempotency
        ? await runIdempotent(
            req,
            base.identity,
            rawBody,
            () => definition.handler(context),
            (e) => render(e, requestId),
          )
        : await definition.handler(context);
    } catch (thrown) {
      let error = thrown;
      // a request that failed before it was counted (bad credentials, unknown tenant) still counts, by IP
      if (!decision) {
        decision = await consumeRateLimit(limitClass, rateLimitKey(base.identity));
        if (!decision.allowed) error = tooManyRequests(decision.resetSeconds);
      }
      if (isApiError(error)) {
        response = render(error, requestId);
      } else if (isDatabaseUnavailable(error)) {
        // logged once, with the driver's own reason; the client learns only that it may retry
        base.log.error({ err: error, method: req.method, path: req.nextUrl.pathname }, 'database unavailable');
        response = render(databaseUnavailable(), requestId);
      } else if (isDatabaseTimeout(error)) {
        // the server's statement or lock timeout, or the client's query timeout (the same bound): one answer, whichever fired
        base.log.error({ err: error, method: req.method, path: req.nextUrl.pathname }, 'database timeout');
        response = render(databaseTimeout(), requestId);
      } else {
        // logged once, with the database's own message and SQLSTATE when it came from there (never in the response)
        base.log.error({ err: error, method: req.method, path: req.nextUrl.pathname }, 'unhandled error');
        response = render(internalError(requestId), requestId);
      }
    }
    const headers = response.headers;
    // always set: counted in the try, or in the catch when the request failed before
    if (decision) {
      headers.set('RateLimit-Policy', decision.policy.header);
      headers.set('RateLimit', `"${decision.policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
      if (!decision.allowed) headers.set('Retry-After', String(decision.resetSeconds));
    }
    headers.set(REQUEST_ID_HEADER, requestId);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    const seconds = (performance.now() - started) / 1000;
    // operators' metrics (GET /api/metrics): labelled by the route's template, never the raw URL
    recordRequest(req.method, fixedLabel ?? routeTemplate(req.nextUrl.pathname, rawParams ?? {}), response.status, seconds, decision?.allowed === false ? limitClass : undefined);
    if (accessLogOn()) {
      base.log.info({ method: req.method, path: req.nextUrl.pathname, status: response.status, ms: Math.round(seconds * 1000), ip: base.identity.ip }, 'request');
    }
    return response;
  };
}

/** Whether the access log line (level info) is written: read per request, as a test or an operator may change the level. */
function accessLogOn(): boolean {
  return logger().isLevelEnabled('info');
}

/**
 * A request's context before the caller step. Its logger is made on first use, bound to the request
 * id and to the tenant and user the caller step found: most requests log nothing but their access
 * line, and nothing at all below level info. (A plain object with an own getter, so that a spread
 * of the context keeps it.)
 */
function requestContext(req: NextRequest, requestId: string, ip: string | null): BaseContext {
  const identity: CallerIdentity = { ip };
  let log: Logger | undefined;
  return {
    req,
    requestId,
    identity,
    get log(): Logger {
      if (!log) {
        const { tenantId, userId } = identity;
        log = logger().child(tenantId ? (userId ? { requestId, tenantId, userId } : { requestId, tenantId }) : { requestId });
      }
      return log;
    },
    set log(value: Logger) {
      log = value;
    },
  };
}
