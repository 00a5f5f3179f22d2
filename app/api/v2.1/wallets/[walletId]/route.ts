import { walletIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, READ_ROLES } from '@/lib/services/wallets/access';
import { getWallet } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets/{walletId} - one wallet with its available balance
const getOne = withAuth(async ({ db, tenant, principal, params }) => envelopeA(await getWallet(db, tenant.id, actorOf(principal), params.walletId)), {
  roles: READ_ROLES,
  params: walletIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
