import { transactionLimitIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { ADMIN_ROLES } from '@/lib/services/wallets/access';
import { removeTransactionLimit } from '@/lib/services/wallets/limits';

// DELETE /api/v2.1/transaction-limits/{limitId} - remove a customer or wallet limit (its last state is answered)
const remove = withAuth(
  async ({ db, tenant, params }) => envelopeA(await removeTransactionLimit(db, tenant.id, params.limitId), { message: 'transaction limit removed' }),
  { roles: ADMIN_ROLES, params: transactionLimitIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ DELETE: remove });
