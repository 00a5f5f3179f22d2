import { tenantRoutes } from '@/lib/contract/routes/tenants';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';

// GET /api/v2.1/tenant - the X-Tenant-ID tenant's public profile (sign-in page, app shell)
const getCurrent = endpoint(tenantRoutes.current, async ({ tenant }) => envelopeA({ id: tenant.id, name: tenant.name, status: tenant.status }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCurrent);
