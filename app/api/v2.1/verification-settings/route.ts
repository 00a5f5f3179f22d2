import { updateReviewSettingsBodySchema } from '@/lib/contract/review';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { readReviewSettings, updateReviewSettings } from '@/lib/services/onboarding/review-settings';

// GET /api/v2.1/verification-settings - the tenant's review settings (two approvals)
const getSettings = withAuth(async ({ db, principal }) => envelopeA(await readReviewSettings(db, principal)));

// PATCH /api/v2.1/verification-settings - change them (ADMIN_USER)
const patchSettings = withAuth(async ({ db, principal, body }) => envelopeA(await updateReviewSettings(db, principal, body), { message: 'review settings updated' }), {
  body: updateReviewSettingsBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getSettings, PATCH: patchSettings });
