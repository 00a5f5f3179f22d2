import { sessionIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { revokeOwnSession } from '@/lib/services/identity/sessions';

// DELETE /api/v2.1/sessions/{sessionId} - end one of the caller's own sessions
const deleteSession = withAuth(
  async ({ db, principal, params }) => {
    await revokeOwnSession(db, principal.tenantId, principal.userId, params.sessionId);
    return envelopeA({ sessionId: params.sessionId, revoked: true }, { message: 'session revoked' });
  },
  { params: sessionIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ DELETE: deleteSession });
