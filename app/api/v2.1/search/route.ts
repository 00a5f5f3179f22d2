import { searchQuerySchema } from '@/lib/contract/search';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';
import { searchTenant } from '@/lib/services/search/search';

// GET /api/v2.1/search - one search box across the tenant: customers (name, email, id), wallets (id), cards (last four, id)
const getSearch = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await searchTenant(db, tenant.id, principal, query)), {
  roles: ADMIN_SIDE_ROLES,
  query: searchQuerySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSearch });
