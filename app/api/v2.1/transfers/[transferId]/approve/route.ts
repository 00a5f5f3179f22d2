import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { decideTransfer } from '@/lib/services/wallets/transfers';

// POST /api/v2.1/transfers/{transferId}/approve - four-eyes approval by an approver other than the initiator (transfer:approve)
const post = endpoint(moneyRoutes.approveTransfer, async ({ db, tenant, principal, params }) => {
  const { message, data } = await decideTransfer(db, tenant.id, actorOf(principal), params.transferId, 'approve');
  return envelopeA(data, { message });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
