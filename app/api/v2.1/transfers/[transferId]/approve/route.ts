import { transferIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, APPROVER_ROLES } from '@/lib/services/wallets/access';
import { decideTransfer } from '@/lib/services/wallets/transfers';

// POST /api/v2.1/transfers/{transferId}/approve - four-eyes approval by a TRANSACTION_APPROVER other than the initiator
const post = withAuth(
  async ({ db, tenant, principal, params }) => {
    const { message, data } = await decideTransfer(db, tenant.id, actorOf(principal), params.transferId, 'approve');
    return envelopeA(data, { message });
  },
  { roles: APPROVER_ROLES, params: transferIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
