import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { recoverDeliveries } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/recover - re-send every delivery that failed since a time
const postRecover = endpoint(webhookRoutes.recover, async ({ db, tenant, params, body }) =>
  envelopeA(await recoverDeliveries(db, tenant.id, params.subscriptionId, body), { message: 'deliveries recovered' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRecover);
