import { cardRoutes } from '@/lib/contract/routes/cards';
import { runCardOperation } from '@/lib/http/card-gateway';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';

// POST /api/v2.1/card/virtual/{operation} - one of the 46 virtual card operations (plus the sandbox ones)
const postOperation = endpoint(cardRoutes.operation, async (ctx) => {
  const segments = ctx.params.operation;
  return runCardOperation(ctx, Array.isArray(segments) ? segments.join('/') : String(segments ?? ''));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postOperation);
