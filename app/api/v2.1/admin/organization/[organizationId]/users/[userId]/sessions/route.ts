import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { sessionContextOf, throttleLogin } from '@/lib/http/session-context';
import { createAdminSession } from '@/lib/services/identity/login';
import { toSessionData } from '@/lib/services/identity/sessions';

// POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions - create an administrator session
const postSession = endpoint(identityRoutes.adminSession, async ({ db, tenant, params, body, headers, identity }) => {
  await throttleLogin(tenant.id, identity.ip);
  const { issued, user } = await createAdminSession(db, tenant, params, body, sessionContextOf(headers, identity.ip));
  return envelopeA(toSessionData(issued, user), { message: 'session created' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSession);
