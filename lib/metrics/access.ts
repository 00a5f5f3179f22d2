import { getEnv } from '@/lib/env';
import { type ApiError, routeNotFound, unauthorized } from '@/lib/contract/api-errors';
import { platformKeyMatches } from '@/lib/http/authenticate';

/**
 * Who may read the metrics: `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the
 * route does not exist (404). Null: allowed. Shared by GET /api/metrics of the instances and the
 * separate worker's metrics listener (lib/metrics/worker-server.ts).
 */
export function metricsRefusal(method: string, path: string, authorization: string | null): ApiError | null {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return routeNotFound(method, path);
  if (!platformKeyMatches(authorization, token)) return unauthorized('a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>');
  return null;
}
