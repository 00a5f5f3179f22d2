import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { decideTransfer } from '@/lib/services/wallets/transfers';

// POST /api/v2.1/transfers/{transferId}/reject - reject a transfer awaiting approval; the held money returns to the wallet
const post = endpoint(moneyRoutes.rejectTransfer, async ({ db, tenant, principal, params, body }) => {
  const { message, data } = await decideTransfer(db, tenant.id, actorOf(principal), params.transferId, 'reject', body?.reason);
  return envelopeA(data, { message });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
