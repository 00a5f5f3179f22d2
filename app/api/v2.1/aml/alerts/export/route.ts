import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { officerOf } from '@/lib/http/officer';
import { route } from '@/lib/http/route';
import { exportAlertsCsv } from '@/lib/services/aml/alerts';

// GET /api/v2.1/aml/alerts/export - the filtered queue as CSV (UTF-8 with a byte order mark)
const getExport = endpoint(
  amlRoutes.exportAlerts,
  async ({ db, principal, query }) =>
    new Response(await exportAlertsCsv(db, officerOf(principal), query), {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="aml-alerts.csv"', 'cache-control': 'no-store' },
    }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getExport);
