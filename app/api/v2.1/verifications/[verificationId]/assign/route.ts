import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { assignVerification } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/assign - assign to the caller (default), someone else, or nobody (null)
const postAssign = endpoint(onboardingRoutes.assign, async ({ db, principal, params, body }) => {
  const v = await assignVerification(db, principal, params.verificationId, body?.assigneeUserId);
  return envelopeA({ id: v.id, status: v.status, assigneeUserId: v.assigneeUserId }, { message: 'verification assigned' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postAssign);
