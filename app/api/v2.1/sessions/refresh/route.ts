import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { refreshSession, toSessionData } from '@/lib/services/identity/sessions';

// POST /api/v2.1/sessions/refresh - rotate a refresh token; reuse of a spent one revokes the session
const postRefresh = endpoint(identityRoutes.refresh, async ({ db, tenant, body }) => {
  const { issued, user } = await refreshSession(db, tenant.id, body.refreshToken);
  return envelopeA(toSessionData(issued, user, 'session refreshed'), { message: 'session refreshed' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRefresh);
