import { serviceUnavailable } from '@/lib/contract/api-errors';
import { platformRoutes } from '@/lib/contract/routes/platform';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { checkHealth } from '@/lib/services/health';

export const dynamic = 'force-dynamic';

// GET /api/health - each dependency (database, Redis when configured) ok or degraded; 503 when the database does not answer
const getHealth = endpoint(platformRoutes.health, async () => {
  const report = await checkHealth();
  // degraded (Redis down) still serves every request: 200; only a database that does not answer is 503
  if (report.status === 'unavailable') {
    const error = serviceUnavailable('the database is not reachable');
    return envelopeA({ ...error.data, ...report }, { status: 503, message: error.message });
  }
  return envelopeA(report);
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getHealth);
