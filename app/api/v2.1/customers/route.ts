import { listCustomersQuerySchema } from '@/lib/contract/customers';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { listCustomers } from '@/lib/services/customers/directory';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';

// GET /api/v2.1/customers - the tenant's customers (search, type/status/verification/category filters, sort, paging)
const getCustomers = withAuth(async ({ db, tenant, query }) => envelopeA(await listCustomers(db, tenant.id, query)), {
  roles: ADMIN_SIDE_ROLES,
  query: listCustomersQuerySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getCustomers });
