import { withApi } from '@/lib/http/api-route';
import { routeNotFound } from '@/lib/contract/api-errors';

// ANY /api/* that no other route serves - 404 Envelope A instead of an HTML page
const notFound = withApi(async ({ req }) => {
  throw routeNotFound(req.method, req.nextUrl.pathname);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
