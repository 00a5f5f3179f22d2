import { webhookRoutes } from '@/lib/contract/routes/webhooks';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getWebhookSettings, updateWebhookSettings } from '@/lib/services/webhooks/settings';

// GET /api/v2.1/webhooks/settings - the tenant's webhook settings
const getSettings = endpoint(webhookRoutes.getSettings, async ({ db, tenant }) => envelopeA(await getWebhookSettings(db, tenant.id)));

// PUT /api/v2.1/webhooks/settings - allow http:// endpoints for testing (https only otherwise)
const putSettings = endpoint(webhookRoutes.updateSettings, async ({ db, tenant, body, log }) => {
  const settings = await updateWebhookSettings(db, tenant.id, body);
  log.info({ settings }, 'webhook settings changed');
  return envelopeA(settings, { message: 'webhook settings updated' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSettings, putSettings);
