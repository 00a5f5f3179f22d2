import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { dashboardSummary } from '@/lib/services/customers/directory';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';

// GET /api/v2.1/dashboard/summary - the panel dashboard's counts (customers by status, waiting reviews, failed deliveries, cards)
const getSummary = withAuth(async ({ db, principal, requestId }) => envelopeA(await dashboardSummary(db, principal, requestId)), {
  roles: ADMIN_SIDE_ROLES,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSummary });
