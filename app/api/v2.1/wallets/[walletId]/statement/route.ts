import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { walletStatement } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets/{walletId}/statement - the wallet's ledger lines (newest first, paged, from/to)
const getStatement = endpoint(moneyRoutes.walletStatement, async ({ db, tenant, principal, params, query }) =>
  envelopeA(await walletStatement(db, tenant.id, actorOf(principal), params.walletId, query)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getStatement);
