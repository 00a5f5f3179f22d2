import { tenantIdParamsSchema } from '@/lib/contract/tenants';
import { envelopeA } from '@/lib/http/envelope';
import { tenantAccessDenied } from '@/lib/contract/api-errors';
import { route } from '@/lib/http/route';
import { withTenant } from '@/lib/http/with-tenant';
import { getHierarchy } from '@/lib/services/categorization/hierarchy';

// GET /api/v2.1/categorization/hierarchy/{tenantId} - categorization options with mandatoryKeys and allowedValues
const getOne = withTenant(
  async ({ db, tenant, params }) => {
    if (params.tenantId !== tenant.id) throw tenantAccessDenied(params.tenantId);
    return envelopeA(await getHierarchy(db, tenant.id));
  },
  { params: tenantIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
