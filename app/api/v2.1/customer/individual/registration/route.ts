import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { registrationContext } from '@/lib/http/registrar';
import { route } from '@/lib/http/route';
import { registerIndividual } from '@/lib/services/onboarding/register-individual';

// POST /api/v2.1/customer/individual/registration - register an individual (B2C) customer
const postRegistration = endpoint(onboardingRoutes.registerIndividual, async ({ db, req, tenant, headers, body, log, principal }) => {
  const context = await registrationContext(db, req, tenant, headers, principal);
  const result = await registerIndividual(db, tenant.id, body, context);
  log.info({ customerId: result.customerId, registeredBy: result.registeredBy }, 'individual customer registered');
  return envelopeA(result, { message: 'customer registered' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRegistration);
