import { customerRoutes } from '@/lib/contract/routes/customers';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listCustomers } from '@/lib/services/customers/directory';

// GET /api/v2.1/customers - the tenant's customers (search, type/status/verification/category filters, sort, paging)
const getCustomers = endpoint(customerRoutes.listCustomers, async ({ db, tenant, query }) => envelopeA(await listCustomers(db, tenant.id, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCustomers);
