import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { assertUserHeader } from '@/lib/http/user-header';
import { createSubscription, listSubscriptions } from '@/lib/services/webhooks/subscriptions';

// GET /api/v2.1/webhooks/subscriptions - the tenant's webhook subscriptions (paged, filter by enabled)
const getSubscriptions = endpoint(webhookRoutes.listSubscriptions, async ({ db, tenant, query }) => envelopeA(await listSubscriptions(db, tenant.id, query)));

// POST /api/v2.1/webhooks/subscriptions - create a webhook subscription (contract endpoint 6)
const postSubscription = endpoint(webhookRoutes.createSubscription, async ({ db, tenant, principal, body, req, log }) => {
  assertUserHeader(req.headers, principal.userId);
  const created = await createSubscription(db, tenant.id, principal.userId, body);
  log.info({ subscriptionId: created.id, events: created.subscribedEvents }, 'webhook subscription created');
  return envelopeA(created, { message: 'webhook subscription created' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSubscriptions, postSubscription);
