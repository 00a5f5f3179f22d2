import { timelineQuerySchema } from '@/lib/contract/review';
import { verificationParamsSchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { caseTimeline } from '@/lib/services/onboarding/verification';
import { timelineCsv } from '@/lib/services/onboarding/timeline';

// GET /api/v2.1/verifications/{verificationId}/timeline - the case's events with actor names and roles; ?format=csv exports them
const getTimeline = withAuth(
  async ({ db, principal, params, query }) => {
    const events = await caseTimeline(db, principal, params.verificationId);
    if (query.format === 'csv') {
      return new Response(timelineCsv(events), {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="case-${params.verificationId}.csv"`, 'cache-control': 'no-store' },
      });
    }
    return envelopeA({ items: events });
  },
  { params: verificationParamsSchema, query: timelineQuerySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getTimeline });
