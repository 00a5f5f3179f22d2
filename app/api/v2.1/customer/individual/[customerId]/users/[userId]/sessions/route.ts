import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { sessionContextOf, throttleLogin } from '@/lib/http/session-context';
import { createCustomerSession } from '@/lib/services/identity/login';
import { toSessionData } from '@/lib/services/identity/sessions';

// POST /api/v2.1/customer/individual/{customerId}/users/{userId}/sessions - create a customer session
const postSession = endpoint(identityRoutes.customerSession, async ({ db, tenant, params, body, headers, identity }) => {
  await throttleLogin(tenant.id, identity.ip);
  const { issued, user } = await createCustomerSession(db, tenant, params, body, sessionContextOf(headers, identity.ip));
  return envelopeA(toSessionData(issued, user), { message: 'session created' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSession);
