import { subscriptionIdParamsSchema, updateWebhookSubscriptionBodySchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { deleteSubscription, getSubscription, updateSubscription } from '@/lib/services/webhooks/subscriptions';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId} - one subscription (never its secret)
const getOne = withAuth(async ({ db, tenant, params }) => envelopeA(await getSubscription(db, tenant.id, params.subscriptionId)), {
  roles: ['ADMIN_USER'], rateLimit: 'webhooks',
  params: subscriptionIdParamsSchema,
});

// PATCH /api/v2.1/webhooks/subscriptions/{subscriptionId} - change name, description, URL, events, retry settings, verifySsl, enabled
const patchOne = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await updateSubscription(db, tenant.id, params.subscriptionId, body), { message: 'webhook subscription updated' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema, body: updateWebhookSubscriptionBodySchema },
);

// DELETE /api/v2.1/webhooks/subscriptions/{subscriptionId} - delete a subscription with its deliveries
const deleteOne = withAuth(
  async ({ db, tenant, params }) => envelopeA(await deleteSubscription(db, tenant.id, params.subscriptionId), { message: 'webhook subscription deleted' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne, PATCH: patchOne, DELETE: deleteOne });
