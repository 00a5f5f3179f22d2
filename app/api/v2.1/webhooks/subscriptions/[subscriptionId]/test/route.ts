import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { sendTestEvent } from '@/lib/services/webhooks/deliveries';

// POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/test - send a webhook.test event now and report the attempt
const postTest = endpoint(webhookRoutes.testEvent, async ({ db, tenant, params, body }) =>
  envelopeA(await sendTestEvent(db, tenant.id, params.subscriptionId, body?.message), { message: 'test event sent' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postTest);
