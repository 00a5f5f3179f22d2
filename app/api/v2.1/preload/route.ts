import { cardSandboxEnabled } from '@/lib/card-processor/sandbox-enabled';
import { tenantSetupRoutes } from '@/lib/contract/routes/tenant-setup';
import { PRELOAD_CACHE_CONTROL } from '@/lib/contract/tenant-setup';
import { conditionalAnswer } from '@/lib/http/conditional';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { preload } from '@/lib/services/tenants/setup';
import { sandboxFundingEnabled } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/preload - what a panel or the tenant's own frontend needs to start, with a strong ETag (304 on a matching If-None-Match)
const get = endpoint(tenantSetupRoutes.preload, async ({ db, tenant, req }) => {
  const document = await preload(db, tenant, { cardSandbox: cardSandboxEnabled(), sandboxFunding: sandboxFundingEnabled() });
  return conditionalAnswer(req.headers, document, { cacheControl: PRELOAD_CACHE_CONTROL, vary: 'X-Tenant-ID' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(get);
