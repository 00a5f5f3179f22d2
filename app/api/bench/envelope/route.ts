import { routeNotFound } from '@/lib/contract/api-errors';
import { platformRoutes } from '@/lib/contract/routes/platform';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeB } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';

const CONSTANT = { cardId: 'card_bench', status: 'ACTIVE' };

// POST /api/bench/envelope - a constant Envelope B: the baseline of bench/card-gateway.ts.
// Exists only when the server runs with BENCH_ROUTES=true; otherwise it is an unknown route.
const postEnvelope = endpoint(platformRoutes.benchEnvelope, async ({ req }) => {
  if (process.env.BENCH_ROUTES !== 'true') throw routeNotFound(req.method, req.nextUrl.pathname);
  return envelopeB(CONSTANT);
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postEnvelope);
