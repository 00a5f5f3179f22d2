import { createRoute } from '@/lib/http/api-route';
import { routeNotFound, unauthorized } from '@/lib/contract/api-errors';
import { route } from '@/lib/http/route';
import { platformKeyMatches } from '@/lib/http/with-platform-admin';
import { getEnv } from '@/lib/env';
import { renderMetrics } from '@/lib/metrics/collect';

export const dynamic = 'force-dynamic';

// GET /api/metrics - Prometheus text format for operators (docs/operations.md), behind
// `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the route does not exist (404).
const getMetrics = createRoute({
  schemas: {},
  prepare: async ({ req }) => {
    const token = getEnv().METRICS_TOKEN;
    if (!token) throw routeNotFound(req.method, req.nextUrl.pathname);
    if (!platformKeyMatches(req.headers.get('authorization'), token)) {
      throw unauthorized('a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>');
    }
    return {};
  },
  handler: async () => {
    const { contentType, body } = await renderMetrics();
    return new Response(body, { status: 200, headers: { 'Content-Type': contentType } });
  },
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getMetrics });
