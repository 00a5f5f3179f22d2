import { tenantRoutes } from '@/lib/contract/routes/tenants';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { registerTenant } from '@/lib/services/tenants/register-tenant';

// POST /api/v2.1/tenants/registration - create a tenant, its owner organization, first admin and categorization
const postRegistration = endpoint(tenantRoutes.register, async ({ db, body, log }) => {
  const result = await registerTenant(db, body);
  log.info({ tenantId: result.tenantId }, 'tenant registered');
  return envelopeA(result, { message: 'tenant registered' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRegistration);
