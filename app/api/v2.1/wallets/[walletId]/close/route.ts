import { walletIdParamsSchema, walletStatusChangeBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES } from '@/lib/services/wallets/access';
import { changeWalletStatus } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/close - close a wallet with a zero balance and nothing pending
const post = withAuth(
  async ({ db, tenant, principal, params, body }) =>
    envelopeA(await changeWalletStatus(db, tenant.id, actorOf(principal), params.walletId, 'close', body?.reason), { message: 'wallet closed' }),
  { roles: MANAGE_ROLES, params: walletIdParamsSchema, body: walletStatusChangeBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
