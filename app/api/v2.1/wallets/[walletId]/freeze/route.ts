import { walletIdParamsSchema, walletStatusChangeBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES } from '@/lib/services/wallets/access';
import { changeWalletStatus } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/freeze - freeze an ACTIVE wallet (no transfers in or out)
const post = withAuth(
  async ({ db, tenant, principal, params, body }) =>
    envelopeA(await changeWalletStatus(db, tenant.id, actorOf(principal), params.walletId, 'freeze', body?.reason), { message: 'wallet frozen' }),
  { roles: MANAGE_ROLES, params: walletIdParamsSchema, body: walletStatusChangeBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
