import { walletIdParamsSchema, walletStatusChangeBodySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, ADMIN_ROLES } from '@/lib/services/wallets/access';
import { changeWalletStatus } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/unfreeze - unfreeze a FROZEN wallet (administrators only)
const post = withAuth(
  async ({ db, tenant, principal, params, body }) =>
    envelopeA(await changeWalletStatus(db, tenant.id, actorOf(principal), params.walletId, 'unfreeze', body?.reason), { message: 'wallet unfrozen' }),
  { roles: ADMIN_ROLES, params: walletIdParamsSchema, body: walletStatusChangeBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
