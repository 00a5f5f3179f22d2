import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA, file } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { caseTimeline } from '@/lib/services/onboarding/verification';
import { timelineCsv } from '@/lib/services/onboarding/timeline';

// GET /api/v2.1/verifications/{verificationId}/timeline - the case's events with actor names and roles; ?format=csv exports them
const getTimeline = endpoint(onboardingRoutes.caseTimeline, async ({ db, principal, params, query }) => {
  const events = await caseTimeline(db, principal, params.verificationId);
  if (query.format === 'csv') {
    return file(timelineCsv(events), {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="case-${params.verificationId}.csv"`, 'cache-control': 'no-store' },
    });
  }
  return envelopeA({ items: events });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTimeline);
