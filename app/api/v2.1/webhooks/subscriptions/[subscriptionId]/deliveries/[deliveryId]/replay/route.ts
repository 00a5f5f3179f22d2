import { deliveryParamsSchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { replayDelivery } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/replay - send the event again as a new delivery
const postReplay = withAuth(
  async ({ db, tenant, params }) => envelopeA(await replayDelivery(db, tenant.id, params.subscriptionId, params.deliveryId), { message: 'delivery replayed' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: deliveryParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postReplay });
