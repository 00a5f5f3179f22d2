import { customerRoutes } from '@/lib/contract/routes/customers';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { exportCustomersCsv } from '@/lib/services/customers/directory';

// GET /api/v2.1/customers/export - the filtered customer list as CSV (same filters and sort as the list)
const getExport = endpoint(
  customerRoutes.exportCustomers,
  async ({ db, tenant, query }) =>
    new Response(await exportCustomersCsv(db, tenant.id, query), {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="customers.csv"', 'cache-control': 'no-store' },
    }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getExport);
