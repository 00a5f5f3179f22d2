import { routeNotFound } from '@/lib/contract/api-errors';
import { createRoute } from '@/lib/http/api-route';

// ANY /api/* that no other route serves - 404 Envelope A instead of an HTML page
const notFound = createRoute({
  schemas: {},
  handler: async ({ req }) => {
    throw routeNotFound(req.method, req.nextUrl.pathname);
  },
  // one label for every unknown path: the URL itself is unbounded
  metricsRoute: '/api/[...slug]',
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
