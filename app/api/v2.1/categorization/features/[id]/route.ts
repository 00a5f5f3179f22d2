import { idParamsSchema, updateFeatureBodySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { updateFeature } from '@/lib/services/categorization/admin';

// PATCH /api/v2.1/categorization/features/{id} - change a feature of the caller's tenant (ADMIN_USER)
const patchFeature = withAuth(async ({ db, tenant, params, body }) => envelopeA(await updateFeature(db, tenant.id, params.id, body), { message: 'feature updated' }), {
  roles: ['ADMIN_USER'],
  params: idParamsSchema,
  body: updateFeatureBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ PATCH: patchFeature });
