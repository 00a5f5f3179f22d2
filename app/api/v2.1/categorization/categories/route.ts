import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createCategory } from '@/lib/services/categorization/admin';

// POST /api/v2.1/categorization/categories - create a category of the caller's tenant (categorization:manage)
const postCategory = endpoint(onboardingRoutes.createCategory, async ({ db, tenant, body }) => envelopeA(await createCategory(db, tenant.id, body), { message: 'category created' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postCategory);
