import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { jsonAnswer } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { sessionContextOf, throttleLogin } from '@/lib/http/session-context';
import { cardApiLogin } from '@/lib/services/identity/login';

// POST /api/auth/login - a 1-hour bearer token for the virtual card API (top-level fields, no envelope)
const postLogin = endpoint(identityRoutes.login, async ({ db, tenant, body, headers, identity }) => {
  await throttleLogin(tenant.id, identity.ip);
  const issued = await cardApiLogin(db, tenant, body, sessionContextOf(headers, identity.ip));
  return jsonAnswer({ accessToken: issued.token, tokenType: 'Bearer', expiresIn: issued.expiresIn });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postLogin);
