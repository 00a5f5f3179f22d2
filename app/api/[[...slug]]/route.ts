import { routeNotFound } from '@/lib/contract/api-errors';
import { createRoute } from '@/lib/http/api-route';
import { API_NOT_FOUND_HANDLER } from '@/server/api-edge.mjs';

// ANY /api/* that no other route serves - 404 Envelope A instead of an HTML page
const notFound = createRoute({
  schemas: {},
  handler: async ({ req }) => {
    throw routeNotFound(req.method, req.nextUrl.pathname);
  },
  // one label for every unknown path: the URL itself is unbounded
  metricsRoute: '/api/[...slug]',
});

// the edge answers the API paths no route serves with this same handler once this module has
// loaded, without Next.js's routing pass (server/api-edge.mjs)
(globalThis as Record<symbol, unknown>)[API_NOT_FOUND_HANDLER] = notFound;

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
