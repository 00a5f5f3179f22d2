import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { decideDocument } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/documents/{documentId}/decision - ACCEPT or REJECT one document
const postDecision = endpoint(onboardingRoutes.decideDocument, async ({ db, principal, params, body }) =>
  envelopeA(await decideDocument(db, principal, params.verificationId, params.documentId, body), { message: 'document decision recorded' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDecision);
