import { verificationParamsSchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { getVerification } from '@/lib/services/onboarding/verification';

// GET /api/v2.1/verifications/{verificationId} - one case: customer data, documents, notes, history
const getOne = withAuth(async ({ db, principal, params }) => envelopeA(await getVerification(db, principal, params.verificationId)), { params: verificationParamsSchema });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
