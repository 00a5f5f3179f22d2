import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { revokeAllSessions, revokeSession } from '@/lib/services/identity/sessions';

// POST /api/v2.1/sessions/logout - end the current session, or every session with {allSessions: true}
const postLogout = endpoint(identityRoutes.logout, async ({ db, principal, body }) => {
  const revoked = body.allSessions
    ? await revokeAllSessions(db, principal.tenantId, principal.userId, 'LOGOUT_ALL')
    : Number(await revokeSession(db, principal.tenantId, principal.sessionId, 'LOGOUT'));
  return envelopeA({ revokedSessions: revoked }, { message: 'signed out' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postLogout);
