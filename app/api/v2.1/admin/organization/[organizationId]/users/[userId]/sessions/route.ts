import { REQUIRED_HEADERS } from '@/lib/contract/headers';
import { adminSessionBodySchema, adminSessionParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { sessionContextOf, throttleLogin } from '@/lib/http/session-context';
import { withTenant } from '@/lib/http/with-tenant';
import { createAdminSession } from '@/lib/services/identity/login';
import { toSessionData } from '@/lib/services/identity/sessions';

// POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions - create an administrator session
const postSession = withTenant(
  async ({ db, tenant, params, body, headers, identity }) => {
    await throttleLogin(tenant.id, identity.ip);
    const { issued, user } = await createAdminSession(db, tenant, params, body, sessionContextOf(headers));
    return envelopeA(toSessionData(issued, user), { message: 'session created' });
  },
  {
    headers: { required: REQUIRED_HEADERS.adminSession, optional: ['sec-ch-ua-platform'] },
    params: adminSessionParamsSchema,
    body: adminSessionBodySchema,
    rateLimit: 'login',
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postSession });
