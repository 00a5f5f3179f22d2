import { registerTenantBodySchema } from '@/lib/contract/tenants';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withPlatformAdmin } from '@/lib/http/with-platform-admin';
import { registerTenant } from '@/lib/services/tenants/register-tenant';

// POST /api/v2.1/tenants/registration - create a tenant, its owner organization, first admin and categorization
const postRegistration = withPlatformAdmin(
  async ({ db, body, log }) => {
    const result = await registerTenant(db, body);
    log.info({ tenantId: result.tenantId }, 'tenant registered');
    return envelopeA(result, { message: 'tenant registered' });
  },
  { body: registerTenantBodySchema, rateLimit: 'registration', idempotency: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRegistration });
