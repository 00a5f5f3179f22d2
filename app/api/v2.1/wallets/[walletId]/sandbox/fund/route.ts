import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { sandboxFund } from '@/lib/services/wallets/wallets';

// POST /api/v2.1/wallets/{walletId}/sandbox/fund - credit a wallet from the sandbox funding account (off in production)
const post = endpoint(moneyRoutes.sandboxFund, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await sandboxFund(db, tenant.id, actorOf(principal), params.walletId, body), { message: 'wallet funded' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
