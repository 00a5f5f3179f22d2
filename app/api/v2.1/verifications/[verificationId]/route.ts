import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getVerification } from '@/lib/services/onboarding/verification';

// GET /api/v2.1/verifications/{verificationId} - one case: customer data, documents, notes, history
const getOne = endpoint(onboardingRoutes.getVerification, async ({ db, principal, params }) => envelopeA(await getVerification(db, principal, params.verificationId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
