import { tenantIdParamsSchema } from '@/lib/contract/tenants';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withPlatformAdmin } from '@/lib/http/with-platform-admin';
import { getTenant } from '@/lib/services/tenants/tenants';

// GET /api/v2.1/tenants/{tenantId} - one tenant, any status (platform operator)
const getOne = withPlatformAdmin(async ({ db, params }) => envelopeA(await getTenant(db, params.tenantId)), {
  params: tenantIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
