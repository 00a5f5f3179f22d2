import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listVerifications } from '@/lib/services/onboarding/verification';

// GET /api/v2.1/verifications - the review queue (status, type, assignee, created range, search, sort, paging)
const getQueue = endpoint(onboardingRoutes.listVerifications, async ({ db, principal, query }) => envelopeA(await listVerifications(db, principal, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getQueue);
