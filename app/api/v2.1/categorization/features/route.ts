import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createFeature } from '@/lib/services/categorization/admin';

// POST /api/v2.1/categorization/features - create a feature of the caller's tenant (categorization:manage)
const postFeature = endpoint(onboardingRoutes.createFeature, async ({ db, tenant, body }) => envelopeA(await createFeature(db, tenant.id, body), { message: 'feature created' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postFeature);
