import { customerIdParamsSchema } from '@/lib/contract/customers';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { getCustomerDetail } from '@/lib/services/customers/directory';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';

// GET /api/v2.1/customers/{customerId} - one customer: profile, documents, consents with history, verification, audit log
const getCustomer = withAuth(async ({ db, tenant, params }) => envelopeA(await getCustomerDetail(db, tenant.id, params.customerId)), {
  roles: ADMIN_SIDE_ROLES,
  params: customerIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getCustomer });
