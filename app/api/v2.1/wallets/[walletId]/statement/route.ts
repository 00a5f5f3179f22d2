import { statementQuerySchema, walletIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, READ_ROLES } from '@/lib/services/wallets/access';
import { walletStatement } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets/{walletId}/statement - the wallet's ledger lines (newest first, paged, from/to)
const getStatement = withAuth(
  async ({ db, tenant, principal, params, query }) => envelopeA(await walletStatement(db, tenant.id, actorOf(principal), params.walletId, query)),
  { roles: READ_ROLES, params: walletIdParamsSchema, query: statementQuerySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getStatement });
