import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { removeTransactionLimit } from '@/lib/services/wallets/limits';

// DELETE /api/v2.1/transaction-limits/{limitId} - remove a customer or wallet limit (its last state is answered)
const remove = endpoint(moneyRoutes.removeTransactionLimit, async ({ db, tenant, params }) =>
  envelopeA(await removeTransactionLimit(db, tenant.id, params.limitId), { message: 'transaction limit removed' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(remove);
