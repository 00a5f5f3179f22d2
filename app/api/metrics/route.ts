import { platformRoutes } from '@/lib/contract/routes/platform';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { metricsRefusal } from '@/lib/metrics/access';
import { renderMetrics } from '@/lib/metrics/collect';

export const dynamic = 'force-dynamic';

// GET /api/metrics - Prometheus text format for operators (docs/operations.md), behind
// `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the route does not exist (404).
const getMetrics = endpoint(platformRoutes.metrics, async ({ req }) => {
  const refusal = metricsRefusal(req.method, req.nextUrl.pathname, req.headers.get('authorization'));
  if (refusal) throw refusal;
  const { contentType, body } = await renderMetrics();
  return new Response(body, { status: 200, headers: { 'Content-Type': contentType } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getMetrics);
