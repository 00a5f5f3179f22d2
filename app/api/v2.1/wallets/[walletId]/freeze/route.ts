import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { changeWalletStatus } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/freeze - freeze an ACTIVE wallet (no transfers in or out)
const post = endpoint(moneyRoutes.freezeWallet, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await changeWalletStatus(db, tenant.id, actorOf(principal), params.walletId, 'freeze', body?.reason), { message: 'wallet frozen' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
