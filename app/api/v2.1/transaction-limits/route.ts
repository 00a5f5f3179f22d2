import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { listTransactionLimits, setTransactionLimit } from '@/lib/services/wallets/limits';

// GET /api/v2.1/transaction-limits - limits of a customer or wallet with their current usage
const getList = endpoint(moneyRoutes.listTransactionLimits, async ({ db, tenant, principal, query }) => envelopeA(await listTransactionLimits(db, tenant.id, actorOf(principal), query)));

// PUT /api/v2.1/transaction-limits - set (create or replace) a customer or wallet limit
const put = endpoint(moneyRoutes.setTransactionLimit, async ({ db, tenant, principal, body }) =>
  envelopeA(await setTransactionLimit(db, tenant.id, actorOf(principal), body), { message: 'transaction limit set' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, put);
