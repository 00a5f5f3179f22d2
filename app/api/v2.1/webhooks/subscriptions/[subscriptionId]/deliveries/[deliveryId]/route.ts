import { deliveryParamsSchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { getDelivery } from '@/lib/services/webhooks/deliveries';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId} - one delivery with its payload and attempts
const getOne = withAuth(
  async ({ db, tenant, params }) => envelopeA(await getDelivery(db, tenant.id, params.subscriptionId, params.deliveryId)),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: deliveryParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
