import { listDeliveriesQuerySchema, subscriptionIdParamsSchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { listDeliveries } from '@/lib/services/webhooks/deliveries';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries - deliveries, newest first (filter by status, eventType; paged)
const getDeliveries = withAuth(
  async ({ db, tenant, params, query }) => envelopeA(await listDeliveries(db, tenant.id, params.subscriptionId, query)),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema, query: listDeliveriesQuerySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getDeliveries });
