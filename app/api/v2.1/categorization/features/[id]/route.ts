import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { updateFeature } from '@/lib/services/categorization/admin';

// PATCH /api/v2.1/categorization/features/{id} - change a feature of the caller's tenant (categorization:manage)
const patchFeature = endpoint(onboardingRoutes.updateFeature, async ({ db, tenant, params, body }) =>
  envelopeA(await updateFeature(db, tenant.id, params.id, body), { message: 'feature updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(patchFeature);
