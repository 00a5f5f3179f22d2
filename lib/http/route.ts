import { createRoute, type ErrorRenderer, type RouteHandler } from './api-route';
import { methodNotAllowed } from '@/lib/contract/api-errors';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Declares the methods a route file serves. Every other method answers 405 with an Envelope A and
 * an `Allow` header, OPTIONS answers 204 with `Allow`. Use as
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: handler });`
 */
export function route(
  handlers: Partial<Record<HttpMethod, RouteHandler>>,
  options: { renderError?: ErrorRenderer } = {},
): Record<HttpMethod | 'OPTIONS', RouteHandler> {
  const served = HTTP_METHODS.filter((m) => handlers[m]);
  const allowed = [...served, ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'];
  const plain = (handler: Parameters<typeof createRoute<object, object>>[0]['handler']) =>
    createRoute<object, object>({ schemas: {}, prepare: async () => ({}), handler, renderError: options.renderError });
  const refuse = plain(async ({ req }) => {
    throw methodNotAllowed(req.method, allowed);
  });
  notServed.add(refuse);
  // through createRoute like every other answer, so the 204 carries X-Request-ID too
  const preflight = plain(async () => new Response(null, { status: 204, headers: { Allow: allowed.join(', ') } }));
  notServed.add(preflight);
  return {
    GET: handlers.GET ?? refuse,
    POST: handlers.POST ?? refuse,
    PUT: handlers.PUT ?? refuse,
    PATCH: handlers.PATCH ?? refuse,
    DELETE: handlers.DELETE ?? refuse,
    OPTIONS: preflight,
  };
}

/** The 405 and OPTIONS handlers route() generates: exported by every route file, serving nothing. */
const notServed = new WeakSet<RouteHandler>();

/** The methods a route module really serves (for the OpenAPI coverage test): its exports minus route()'s 405/OPTIONS. */
export function servedMethods(module: Record<string, unknown>): HttpMethod[] {
  return HTTP_METHODS.filter((m) => typeof module[m] === 'function' && !notServed.has(module[m] as RouteHandler));
}
