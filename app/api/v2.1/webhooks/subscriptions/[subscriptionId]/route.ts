import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { deleteSubscription, getSubscription, updateSubscription } from '@/lib/services/webhooks/subscriptions';

// GET /api/v2.1/webhooks/subscriptions/{subscriptionId} - one subscription (never its secret)
const getOne = endpoint(webhookRoutes.getSubscription, async ({ db, tenant, params }) => envelopeA(await getSubscription(db, tenant.id, params.subscriptionId)));

// PATCH /api/v2.1/webhooks/subscriptions/{subscriptionId} - change name, description, URL, events, retry settings, verifySsl, enabled
const patchOne = endpoint(webhookRoutes.updateSubscription, async ({ db, tenant, params, body }) =>
  envelopeA(await updateSubscription(db, tenant.id, params.subscriptionId, body), { message: 'webhook subscription updated' }),
);

// DELETE /api/v2.1/webhooks/subscriptions/{subscriptionId} - delete a subscription with its deliveries
const deleteOne = endpoint(webhookRoutes.deleteSubscription, async ({ db, tenant, params }) =>
  envelopeA(await deleteSubscription(db, tenant.id, params.subscriptionId), { message: 'webhook subscription deleted' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, patchOne, deleteOne);
