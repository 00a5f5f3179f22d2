import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { revokeOwnSession } from '@/lib/services/identity/sessions';

// DELETE /api/v2.1/sessions/{sessionId} - end one of the caller's own sessions
const deleteSession = endpoint(identityRoutes.revokeSession, async ({ db, principal, params }) => {
  await revokeOwnSession(db, principal.tenantId, principal.userId, params.sessionId);
  return envelopeA({ sessionId: params.sessionId, revoked: true }, { message: 'session revoked' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteSession);
