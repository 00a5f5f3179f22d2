import { searchRoutes } from '@/lib/contract/routes/search';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { searchTenant } from '@/lib/services/search/search';

// GET /api/v2.1/search - one search box across the tenant: customers (name, email, id), wallets (id), cards (last four, id)
const getSearch = endpoint(searchRoutes.search, async ({ db, tenant, principal, query }) => envelopeA(await searchTenant(db, tenant.id, principal, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSearch);
