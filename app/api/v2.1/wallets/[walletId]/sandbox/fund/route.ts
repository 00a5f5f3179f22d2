import { sandboxFundBodySchema, walletIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES } from '@/lib/services/wallets/access';
import { sandboxFund } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/sandbox/fund - credit a wallet from the sandbox funding account (off in production)
const post = withAuth(
  async ({ db, tenant, principal, params, body }) => envelopeA(await sandboxFund(db, tenant.id, actorOf(principal), params.walletId, body), { message: 'wallet funded' }),
  { roles: MANAGE_ROLES, params: walletIdParamsSchema, body: sandboxFundBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
