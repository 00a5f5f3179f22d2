import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { getWallet } from '@/lib/services/wallets/wallets';

// GET /api/v2.1/wallets/{walletId} - one wallet with its available balance
const getOne = endpoint(moneyRoutes.getWallet, async ({ db, tenant, principal, params }) => envelopeA(await getWallet(db, tenant.id, actorOf(principal), params.walletId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
