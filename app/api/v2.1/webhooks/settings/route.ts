import { updateWebhookSettingsBodySchema } from '@/lib/contract/webhooks';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { getWebhookSettings, updateWebhookSettings } from '@/lib/services/webhooks/settings';

// GET /api/v2.1/webhooks/settings - the tenant's webhook settings
const getSettings = withAuth(async ({ db, tenant }) => envelopeA(await getWebhookSettings(db, tenant.id)), { roles: ['ADMIN_USER'], rateLimit: 'webhooks' });

// PUT /api/v2.1/webhooks/settings - allow http:// endpoints for testing (https only otherwise)
const putSettings = withAuth(
  async ({ db, tenant, body, log }) => {
    const settings = await updateWebhookSettings(db, tenant.id, body);
    log.info({ settings }, 'webhook settings changed');
    return envelopeA(settings, { message: 'webhook settings updated' });
  },
  { roles: ['ADMIN_USER'], rateLimit: 'webhooks', body: updateWebhookSettingsBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSettings, PUT: putSettings });
