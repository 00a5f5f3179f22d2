import { getCardProcessor } from '@/lib/card-processor';
import { dashboardRoutes } from '@/lib/contract/routes/dashboard';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { dashboardSummary } from '@/lib/services/customers/directory';

// GET /api/v2.1/dashboard/summary - the panel dashboard's counts (customers by status, waiting reviews, failed deliveries, cards)
const getSummary = endpoint(dashboardRoutes.dashboardSummary, async ({ db, principal, requestId }) => envelopeA(await dashboardSummary(db, principal, requestId, getCardProcessor)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSummary);
