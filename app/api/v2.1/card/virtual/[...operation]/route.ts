import { runCardOperation } from '@/lib/http/card-gateway';
import { route } from '@/lib/http/route';
import { renderEnvelopeB, withCardAuth } from '@/lib/http/with-card-auth';

// POST /api/v2.1/card/virtual/{operation} - one of the 46 virtual card operations (plus the sandbox ones)
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  {
    POST: withCardAuth(async (ctx) => {
      const segments = ctx.params.operation;
      return runCardOperation(ctx, Array.isArray(segments) ? segments.join('/') : String(segments ?? ''));
    }),
  },
  { renderError: renderEnvelopeB },
);
