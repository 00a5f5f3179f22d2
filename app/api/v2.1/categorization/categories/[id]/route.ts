import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { updateCategory } from '@/lib/services/categorization/admin';

// PATCH /api/v2.1/categorization/categories/{id} - change a category of the caller's tenant (categorization:manage)
const patchCategory = endpoint(onboardingRoutes.updateCategory, async ({ db, tenant, params, body }) =>
  envelopeA(await updateCategory(db, tenant.id, params.id, body), { message: 'category updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(patchCategory);
