import { IDEMPOTENT_REPLAYED_HEADER } from '@/lib/contract/idempotency';
import { createTransferBodySchema, listTransfersQuerySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { idempotencyKeyOf } from '@/lib/http/idempotency';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { createTransfer, listTransfers } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers - transfers (a customer: its own; filter by status, wallet, customer)
const getList = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await listTransfers(db, tenant.id, actorOf(principal), query)), {
  roles: READ_ROLES,
  query: listTransfersQuerySchema,
});

// POST /api/v2.1/transfers - pay a saved beneficiary from a wallet (Idempotency-Key required)
const post = withAuth(
  async ({ db, tenant, principal, body, req, log }) => {
    const key = idempotencyKeyOf(req.headers, true);
    const answer = await createTransfer(db, tenant.id, actorOf(principal), key, body);
    if (!answer.replayed) log.info({ transferId: answer.data.id, status: answer.data.status }, 'transfer created');
    return envelopeA(answer.data, { status: answer.status, message: answer.message, headers: answer.replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : undefined });
  },
  { roles: MANAGE_ROLES, body: createTransferBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getList, POST: post });
