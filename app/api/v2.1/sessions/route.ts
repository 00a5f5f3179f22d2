import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listActiveSessions } from '@/lib/services/identity/sessions';

// GET /api/v2.1/sessions - the caller's own active sessions
const getSessions = endpoint(identityRoutes.listSessions, async ({ db, principal }) =>
  envelopeA({ items: await listActiveSessions(db, principal.tenantId, principal.userId, principal.sessionId) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSessions);
