import { createRoute, routeLabel, type ErrorRenderer, type RouteHandler } from './api-route';
import { methodNotAllowed } from '@/lib/contract/api-errors';
import { HTTP_METHODS, type HttpMethod } from '@/lib/contract/routes/types';
import { definitionOf } from './endpoint';
import { renderEnvelopeB } from './envelope';
import { registerRoute } from '@/server/api-edge.mjs';

export { HTTP_METHODS, type HttpMethod };

/**
 * Declares the endpoints a route file serves (each built by endpoint() from its definition, whose
 * method it serves). Every other method answers 405 with an `Allow` header (Envelope B on the card
 * API, A elsewhere), OPTIONS answers 204 with `Allow`. Use as
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWallets, postWallet);`
 */
export function route(...endpoints: RouteHandler[]): Record<HttpMethod | 'OPTIONS', RouteHandler> {
  const handlers: Partial<Record<HttpMethod, RouteHandler>> = {};
  let renderError: ErrorRenderer | undefined;
  let metricsRoute: string | undefined;
  for (const handler of endpoints) {
    const definition = definitionOf(handler);
    if (!definition) throw new Error('route(): every handler must be built by endpoint(definition, handler)');
    if (handlers[definition.method]) throw new Error(`route(): two endpoints for ${definition.method} ${definition.path}`);
    handlers[definition.method] = handler;
    if (definition.auth === 'card') renderError = renderEnvelopeB;
    metricsRoute = routeLabel(definition.path);
  }
  const served = methods(handlers, { renderError, metricsRoute });
  // the edge answers this route's next requests itself, with these same handlers (server/api-edge.mjs)
  if (metricsRoute) registerRoute(metricsRoute, served);
  return served;
}

function methods(handlers: Partial<Record<HttpMethod, RouteHandler>>, options: { renderError?: ErrorRenderer; metricsRoute?: string }): Record<HttpMethod | 'OPTIONS', RouteHandler> {
  const served = HTTP_METHODS.filter((m) => handlers[m]);
  const allowed = [...served, ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'];
  const plain = (handler: Parameters<typeof createRoute<object, object>>[0]['handler']) =>
    createRoute<object, object>({ schemas: {}, handler, renderError: options.renderError, metricsRoute: options.metricsRoute });
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
