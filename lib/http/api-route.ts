import type { NextRequest } from 'next/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { readJsonBody } from './body';
import { envelopeA, REQUEST_ID_HEADER } from './envelope';
import { ApiError, fromZodError, internalError, isApiError } from './errors';
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
}

export type Parsed<S extends RouteSchemas> = {
  params: S['params'] extends z.ZodType ? z.output<S['params']> : RawParams;
  query: Out<S['query']>;
  body: Out<S['body']>;
};

/** How an ApiError is rendered: Envelope A by default, Envelope B for the card API. */
export type ErrorRenderer = (error: ApiError, requestId: string) => Response;

export const renderEnvelopeA: ErrorRenderer = (error) =>
  envelopeA(error.data, { status: error.status, message: error.message, headers: error.headers });

export interface RouteDefinition<S extends RouteSchemas, X> {
  schemas: S;
  /** Runs before params/query/body validation: header checks, authentication, tenant resolution. */
  prepare: (base: BaseContext) => Promise<X>;
  handler: (ctx: BaseContext & X & Parsed<S>) => Promise<Response>;
  renderError?: ErrorRenderer;
  maxBodyBytes?: number;
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
  const render = definition.renderError ?? renderEnvelopeA;
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    // The wrappers refine base.log (tenant, user); the error and access lines use the refined one.
    const base: BaseContext = { req, requestId, log: logger().child({ requestId }) };
    let response: Response;
    try {
      const extra = await definition.prepare(base);
      const rawParams = ((await ctx?.params) ?? {}) as RawParams;
      const params = parseWith(definition.schemas.params, rawParams);
      const query = parseWith(definition.schemas.query, queryObject(req));
      let body: unknown = undefined;
      if (definition.schemas.body) {
        // A body schema that accepts "nothing" (e.g. logout's optional options) allows an empty request.
        const empty = !req.headers.get('content-type') && (req.headers.get('content-length') ?? '0') === '0';
        const absent = empty ? definition.schemas.body.safeParse(undefined) : undefined;
        if (absent?.success) body = absent.data;
        else body = parseWith(definition.schemas.body, await readJsonBody(req, definition.maxBodyBytes ?? getEnv().MAX_BODY_BYTES));
      }
      response = await definition.handler({ ...base, ...extra, params, query, body } as BaseContext & X & Parsed<S>);
    } catch (error) {
      if (isApiError(error)) {
        response = render(error, requestId);
      } else {
        base.log.error({ err: error, method: req.method, path: req.nextUrl.pathname }, 'unhandled error');
        response = render(internalError(requestId), requestId);
      }
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    response.headers.set('Cache-Control', response.headers.get('Cache-Control') ?? 'no-store');
    base.log.info(
      { method: req.method, path: req.nextUrl.pathname, status: response.status, ms: Math.round(performance.now() - started) },
      'request',
    );
    return response;
  };
}

/** A route with no tenant and no credentials (health, the catch-all 404). */
export function withApi<S extends RouteSchemas = Record<never, never>>(
  handler: (ctx: BaseContext & Parsed<S>) => Promise<Response>,
  schemas: S = {} as S,
): RouteHandler {
  return createRoute<S, object>({ schemas, prepare: async () => ({}), handler });
}
