import { recoverBodySchema, subscriptionIdParamsSchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { recoverDeliveries } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/recover - re-send every delivery that failed since a time
const postRecover = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await recoverDeliveries(db, tenant.id, params.subscriptionId, body), { message: 'deliveries recovered' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema, body: recoverBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRecover });
