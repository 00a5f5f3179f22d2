import { tenantSetupRoutes } from '@/lib/contract/routes/tenant-setup';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { tenantSetup } from '@/lib/services/tenants/setup';

// GET /api/v2.1/tenant/setup - the first-run checklist, each step ticked from what exists
const get = endpoint(tenantSetupRoutes.setup, async ({ db, principal }) => envelopeA(await tenantSetup(db, principal.tenantId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(get);
