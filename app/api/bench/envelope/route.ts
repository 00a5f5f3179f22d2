import { withApi } from '@/lib/http/api-route';
import { envelopeB } from '@/lib/http/envelope';
import { routeNotFound } from '@/lib/contract/api-errors';
import { route } from '@/lib/http/route';

const CONSTANT = { cardId: 'card_bench', status: 'ACTIVE' };

// POST /api/bench/envelope - a constant Envelope B: the baseline of bench/card-gateway.ts.
// Exists only when the server runs with BENCH_ROUTES=true; otherwise it is an unknown route.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: withApi(async ({ req }) => {
    if (process.env.BENCH_ROUTES !== 'true') throw routeNotFound(req.method, req.nextUrl.pathname);
    return envelopeB(CONSTANT);
  }),
});
