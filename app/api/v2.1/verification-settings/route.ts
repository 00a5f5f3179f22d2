import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getReviewSettings, updateReviewSettings } from '@/lib/services/onboarding/review-settings';

// GET /api/v2.1/verification-settings - the tenant's review settings (two approvals)
const getSettings = endpoint(onboardingRoutes.getReviewSettings, async ({ db, principal }) => envelopeA(await getReviewSettings(db, principal.tenantId)));

// PATCH /api/v2.1/verification-settings - change them (verification:configure)
const patchSettings = endpoint(onboardingRoutes.updateReviewSettings, async ({ db, principal, body }) =>
  envelopeA(await updateReviewSettings(db, principal, body), { message: 'review settings updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSettings, patchSettings);
