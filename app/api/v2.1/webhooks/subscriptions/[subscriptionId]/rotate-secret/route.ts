import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { rotateSecret } from '@/lib/services/webhooks/subscriptions';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/rotate-secret - new signing secret; the old one keeps signing for 24 h
const postRotate = endpoint(webhookRoutes.rotateSecret, async ({ db, tenant, params, body }) =>
  envelopeA(await rotateSecret(db, tenant.id, params.subscriptionId, body?.secretKey), { message: 'signing secret rotated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRotate);
