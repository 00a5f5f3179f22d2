import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { registrationContext } from '@/lib/http/registrar';
import { route } from '@/lib/http/route';
import { registerOrganization } from '@/lib/services/onboarding/register-organization';

// POST /api/v2.1/customer/organization/registration - register an organization (B2B) customer and its default administrator
const postRegistration = endpoint(onboardingRoutes.registerOrganization, async ({ db, req, tenant, headers, body, log, principal }) => {
  const context = await registrationContext(db, req, tenant, headers, principal);
  const result = await registerOrganization(db, tenant.id, body, context);
  log.info({ customerId: result.customerId, organizationId: result.organizationId }, 'organization customer registered');
  return envelopeA(result, { message: 'organization registered' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRegistration);
