import { tenantAccessDenied } from '@/lib/contract/api-errors';
import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getHierarchy } from '@/lib/services/categorization/hierarchy';

// GET /api/v2.1/categorization/hierarchy/{tenantId} - categorization options with mandatoryKeys and allowedValues
const getOne = endpoint(onboardingRoutes.categorizationHierarchy, async ({ db, tenant, params }) => {
  if (params.tenantId !== tenant.id) throw tenantAccessDenied(params.tenantId);
  return envelopeA(await getHierarchy(db, tenant.id));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
