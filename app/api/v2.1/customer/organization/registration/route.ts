import { organizationRegistrationBodySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { registrationContext } from '@/lib/http/registrar';
import { route } from '@/lib/http/route';
import { withTenant } from '@/lib/http/with-tenant';
import { registerOrganization } from '@/lib/services/onboarding/register-organization';

// POST /api/v2.1/customer/organization/registration - register an organization (B2B) customer and its default administrator
const postRegistration = withTenant(
  async ({ db, req, tenant, headers, body, log, principal }) => {
    const context = await registrationContext(db, req, tenant, headers, principal);
    const result = await registerOrganization(db, tenant.id, body, context);
    log.info({ customerId: result.customerId, organizationId: result.organizationId }, 'organization customer registered');
    return envelopeA(result, { message: 'organization registered' });
  },
  {
    headers: { required: [], optional: ['X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId', 'User-Agent'] },
    body: organizationRegistrationBodySchema,
    rateLimit: 'registration',
    idempotency: true,
    optionalPrincipal: true,
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRegistration });
