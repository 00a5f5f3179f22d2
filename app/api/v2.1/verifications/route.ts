import { listVerificationsQuerySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { listVerifications } from '@/lib/services/onboarding/verification';

// GET /api/v2.1/verifications - the review queue (status, type, assignee, created range, search, sort, paging)
const getQueue = withAuth(async ({ db, principal, query }) => envelopeA(await listVerifications(db, principal, query)), { query: listVerificationsQuerySchema });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getQueue });
