import { createWebhookSubscriptionBodySchema, listWebhookSubscriptionsQuerySchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { assertUserHeader } from '@/lib/http/user-header';
import { withAuth } from '@/lib/http/with-auth';
import { createSubscription, listSubscriptions } from '@/lib/services/webhooks/subscriptions';

// GET /api/v2.1/webhooks/subscriptions - the tenant's webhook subscriptions (paged, filter by enabled)
const getSubscriptions = withAuth(async ({ db, tenant, query }) => envelopeA(await listSubscriptions(db, tenant.id, query)), {
  roles: ['ADMIN_USER'], rateLimit: 'webhooks',
  query: listWebhookSubscriptionsQuerySchema,
});

// POST /api/v2.1/webhooks/subscriptions - create a webhook subscription (contract endpoint 6)
const postSubscription = withAuth(
  async ({ db, tenant, principal, body, req, log }) => {
    assertUserHeader(req.headers, principal.userId);
    const created = await createSubscription(db, tenant.id, principal.userId, body);
    log.info({ subscriptionId: created.id, events: created.subscribedEvents }, 'webhook subscription created');
    return envelopeA(created, { message: 'webhook subscription created' });
  },
  { roles: ['ADMIN_USER'], body: createWebhookSubscriptionBodySchema, rateLimit: 'webhooks', idempotency: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSubscriptions, POST: postSubscription });
