import { tenantRoutes } from '@/lib/contract/routes/tenants';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getTenant } from '@/lib/services/tenants/tenants';

// GET /api/v2.1/tenants/{tenantId} - one tenant, any status (platform operator)
const getOne = endpoint(tenantRoutes.get, async ({ db, params }) => envelopeA(await getTenant(db, params.tenantId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
