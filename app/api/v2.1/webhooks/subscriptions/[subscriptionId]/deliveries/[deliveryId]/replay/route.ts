import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { replayDelivery } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/replay - send the event again as a new delivery
const postReplay = endpoint(webhookRoutes.replayDelivery, async ({ db, tenant, params }) =>
  envelopeA(await replayDelivery(db, tenant.id, params.subscriptionId, params.deliveryId), { message: 'delivery replayed' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postReplay);
