import { refreshBodySchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withTenant } from '@/lib/http/with-tenant';
import { refreshSession, toSessionData } from '@/lib/services/identity/sessions';

// POST /api/v2.1/sessions/refresh - rotate a refresh token; reuse of a spent one revokes the session
const postRefresh = withTenant(
  async ({ db, tenant, body }) => {
    const { issued, user } = await refreshSession(db, tenant.id, body.refreshToken);
    return envelopeA(toSessionData(issued, user, 'session refreshed'), { message: 'session refreshed' });
  },
  { body: refreshBodySchema, rateLimit: 'login' },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postRefresh });
