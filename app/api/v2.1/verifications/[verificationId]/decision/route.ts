import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { decideVerification } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/decision - APPROVE, REJECT or REQUEST_REVISION (four-eyes, required documents, assignment, two approvals)
const postDecision = endpoint(onboardingRoutes.decide, async ({ db, principal, params, body }) => {
  const v = await decideVerification(db, principal, params.verificationId, body);
  return envelopeA(
    {
      id: v.id,
      customerId: v.customerId,
      status: v.status,
      reasonCode: v.reasonCode,
      comment: v.comment,
      decidedBy: v.decidedBy,
      decidedAt: v.decidedAt?.toISOString() ?? null,
      approvalsRequired: v.approvalsRequired,
      firstApprovedBy: v.firstApprovedBy,
      revisionRequest: v.revisionRequest,
    },
    { message: v.status === 'PENDING_REVIEW' ? 'first approval recorded; a second officer must approve' : 'decision recorded' },
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDecision);
