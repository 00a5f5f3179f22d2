import { rejectTransferBodySchema, transferIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, APPROVER_ROLES } from '@/lib/services/wallets/access';
import { decideTransfer } from '@/lib/services/wallets/transfers';

// POST /api/v2.1/transfers/{transferId}/reject - reject a transfer awaiting approval; the held money returns to the wallet
const post = withAuth(
  async ({ db, tenant, principal, params, body }) => {
    const { message, data } = await decideTransfer(db, tenant.id, actorOf(principal), params.transferId, 'reject', body?.reason);
    return envelopeA(data, { message });
  },
  { roles: APPROVER_ROLES, params: transferIdParamsSchema, body: rejectTransferBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
