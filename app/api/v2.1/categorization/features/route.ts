import { createFeatureBodySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { createFeature } from '@/lib/services/categorization/admin';

// POST /api/v2.1/categorization/features - create a feature of the caller's tenant (ADMIN_USER)
const postFeature = withAuth(async ({ db, tenant, body }) => envelopeA(await createFeature(db, tenant.id, body), { message: 'feature created' }), {
  roles: ['ADMIN_USER'],
  body: createFeatureBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postFeature });
