import { subscriptionIdParamsSchema, testEventBodySchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { sendTestEvent } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/test - send a webhook.test event now and report the attempt
const postTest = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await sendTestEvent(db, tenant.id, params.subscriptionId, body?.message), { message: 'test event sent' }),
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', params: subscriptionIdParamsSchema, body: testEventBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postTest });
