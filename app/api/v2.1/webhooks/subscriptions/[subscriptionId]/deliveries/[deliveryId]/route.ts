import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getDelivery } from '@/lib/services/webhooks/deliveries';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId} - one delivery with its payload and attempts
const getOne = endpoint(webhookRoutes.getDelivery, async ({ db, tenant, params }) => envelopeA(await getDelivery(db, tenant.id, params.subscriptionId, params.deliveryId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
