import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { changeWalletStatus } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/close - close a wallet with a zero balance and nothing pending
const post = endpoint(moneyRoutes.closeWallet, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await changeWalletStatus(db, tenant.id, actorOf(principal), params.walletId, 'close', body?.reason), { message: 'wallet closed' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
