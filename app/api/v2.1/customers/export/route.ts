import { exportCustomersQuerySchema } from '@/lib/contract/customers';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { exportCustomersCsv } from '@/lib/services/customers/directory';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';

// GET /api/v2.1/customers/export - the filtered customer list as CSV (same filters and sort as the list)
const getExport = withAuth(
  async ({ db, tenant, query }) =>
    new Response(await exportCustomersCsv(db, tenant.id, query), {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="customers.csv"', 'cache-control': 'no-store' },
    }),
  { roles: ADMIN_SIDE_ROLES, query: exportCustomersQuerySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getExport });
