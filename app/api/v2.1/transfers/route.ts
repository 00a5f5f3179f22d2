import { IDEMPOTENT_REPLAYED_HEADER } from '@/lib/contract/idempotency';
import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { idempotencyKeyOf } from '@/lib/http/idempotency';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { createTransfer, listTransfers } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers - transfers (a customer: its own; filter by status, wallet, customer)
const getList = endpoint(moneyRoutes.listTransfers, async ({ db, tenant, principal, query }) => envelopeA(await listTransfers(db, tenant.id, actorOf(principal), query)));

// POST /api/v2.1/transfers - pay a saved beneficiary from a wallet (Idempotency-Key required)
const post = endpoint(moneyRoutes.createTransfer, async ({ db, tenant, principal, body, req, log }) => {
  const key = idempotencyKeyOf(req.headers, true);
  const answer = await createTransfer(db, tenant.id, actorOf(principal), key, body);
  if (!answer.replayed) log.info({ transferId: answer.data.id, status: answer.data.status }, 'transfer created');
  return envelopeA(answer.data, { status: answer.status, message: answer.message, headers: answer.replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : undefined });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
