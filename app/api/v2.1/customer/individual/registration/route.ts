import { individualRegistrationBodySchema, REGISTRATION_MAX_BODY_BYTES } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { registrationContext } from '@/lib/http/registrar';
import { route } from '@/lib/http/route';
import { withTenant } from '@/lib/http/with-tenant';
import { registerIndividual } from '@/lib/services/onboarding/register-individual';

// POST /api/v2.1/customer/individual/registration - register an individual (B2C) customer
const postRegistration = withTenant(
  async ({ db, req, tenant, headers, body, log, principal }) => {
    const context = await registrationContext(db, req, tenant, headers, principal);
    const result = await registerIndividual(db, tenant.id, body, context);
    log.info({ customerId: result.customerId, registeredBy: result.registeredBy }, 'individual customer registered');
    return envelopeA(result, { message: 'customer registered' });
  },
  {
    headers: { required: [], optional: ['X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId', 'User-Agent'] },
    body: individualRegistrationBodySchema,
    rateLimit: 'registration',
    idempotency: true,
    optionalPrincipal: true,
    maxBodyBytes: REGISTRATION_MAX_BODY_BYTES,
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRegistration });
