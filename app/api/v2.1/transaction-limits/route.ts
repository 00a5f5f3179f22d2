import { listTransactionLimitsQuerySchema, setTransactionLimitBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, ADMIN_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { listTransactionLimits, setTransactionLimit } from '@/lib/services/wallets/limits';

// GET /api/v2.1/transaction-limits - limits of a customer or wallet with their current usage
const getList = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await listTransactionLimits(db, tenant.id, actorOf(principal), query)), {
  roles: READ_ROLES,
  query: listTransactionLimitsQuerySchema,
});

// PUT /api/v2.1/transaction-limits - set (create or replace) a customer or wallet limit
const put = withAuth(
  async ({ db, tenant, principal, body }) => envelopeA(await setTransactionLimit(db, tenant.id, actorOf(principal), body), { message: 'transaction limit set' }),
  { roles: ADMIN_ROLES, body: setTransactionLimitBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getList, PUT: put });
