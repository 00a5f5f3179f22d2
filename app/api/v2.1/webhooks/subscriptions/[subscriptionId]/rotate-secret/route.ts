import { rotateSecretBodySchema, subscriptionIdParamsSchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { rotateSecret } from '@/lib/services/webhooks/subscriptions';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/rotate-secret - new signing secret; the old one keeps signing for 24 h
const postRotate = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await rotateSecret(db, tenant.id, params.subscriptionId, body?.secretKey), { message: 'signing secret rotated' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema, body: rotateSecretBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRotate });
