import { tenantSetupRoutes } from '@/lib/contract/routes/tenant-setup';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getBranding, updateBranding } from '@/lib/services/tenants/branding';

// GET /api/v2.1/tenant/branding - the tenant's branding: display name, logo, primary colour
const get = endpoint(tenantSetupRoutes.getBranding, async ({ db, principal }) => envelopeA(await getBranding(db, principal.tenant)));

// PUT /api/v2.1/tenant/branding - set it (audited)
const put = endpoint(tenantSetupRoutes.updateBranding, async ({ db, principal, body }) => envelopeA(await updateBranding(db, principal, body), { message: 'branding updated' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(get, put);
