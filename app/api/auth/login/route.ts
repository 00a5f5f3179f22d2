import { REQUIRED_HEADERS } from '@/lib/contract/headers';
import { loginBodySchema } from '@/lib/contract/identity';
import { route } from '@/lib/http/route';
import { sessionContextOf, throttleLogin } from '@/lib/http/session-context';
import { withTenant } from '@/lib/http/with-tenant';
import { cardApiLogin } from '@/lib/services/identity/login';

// POST /api/auth/login - a 1-hour bearer token for the virtual card API (top-level fields, no envelope)
const postLogin = withTenant(
  async ({ db, tenant, body, headers, identity }) => {
    await throttleLogin(tenant.id, identity.ip);
    const issued = await cardApiLogin(db, tenant, body, sessionContextOf(headers));
    return Response.json({ accessToken: issued.token, tokenType: 'Bearer', expiresIn: issued.expiresIn });
  },
  { headers: { required: REQUIRED_HEADERS.login, optional: ['User-Agent', 'sec-ch-ua-platform'] }, body: loginBodySchema, rateLimit: 'login' },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postLogin });
