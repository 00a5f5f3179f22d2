import { documentParamsSchema } from '@/lib/contract/onboarding';
import { reviewDocumentDecisionBodySchema } from '@/lib/contract/review';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { decideDocument } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/documents/{documentId}/decision - ACCEPT or REJECT one document
const postDecision = withAuth(
  async ({ db, principal, params, body }) => envelopeA(await decideDocument(db, principal, params.verificationId, params.documentId, body), { message: 'document decision recorded' }),
  { params: documentParamsSchema, body: reviewDocumentDecisionBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postDecision });
