import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listDeliveries } from '@/lib/services/webhooks/deliveries';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries - deliveries, newest first (filter by status, eventType; paged)
const getDeliveries = endpoint(webhookRoutes.listDeliveries, async ({ db, tenant, params, query }) => envelopeA(await listDeliveries(db, tenant.id, params.subscriptionId, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDeliveries);
