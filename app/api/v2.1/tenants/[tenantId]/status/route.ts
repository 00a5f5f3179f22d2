import { tenantRoutes } from '@/lib/contract/routes/tenants';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { setTenantStatus } from '@/lib/services/tenants/tenants';

// POST /api/v2.1/tenants/{tenantId}/status - suspend or reactivate a tenant (platform operator)
const postStatus = endpoint(tenantRoutes.setStatus, async ({ db, params, body, log }) => {
  const tenant = await setTenantStatus(db, params.tenantId, body.status);
  log.info({ tenantId: tenant.id, status: tenant.status, reason: body.reason }, 'tenant status changed');
  return envelopeA(tenant, { message: `tenant ${tenant.status === 'ACTIVE' ? 'activated' : 'suspended'}` });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postStatus);
